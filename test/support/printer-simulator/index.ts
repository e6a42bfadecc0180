/**
 * An Epson TM-style ESC/POS printer for tests, on TCP (port 9100 style) or as a fake USB device: it prints what it
 * receives while online, keeps the rest buffered, answers DLE EOT, sends Automatic Status Back and process ID
 * responses, and follows a script of states (paper out mid-job, cover open, unplugged, hung, slow). With
 * `language: 'star'` it is a Star printer answering ESC ACK SOH with Star's ASB block instead.
 */
export { startTcpPrinterSimulator } from './tcp-simulator';
export { createUsbPrinterSimulator } from './usb-simulator';
export type {
  ConnectionFault,
  PrinterSimulator,
  SimulatedState,
  SimulatorOptions,
  SimulatorRequest,
  TcpPrinterSimulator,
  UsbPrinterSimulator,
  UsbPrinterSimulatorOptions,
} from './types';
