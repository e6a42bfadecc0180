/**
 * An Epson TM-style ESC/POS printer for tests, on TCP (port 9100 style) or as a fake USB device: it prints what it
 * receives while online, keeps the rest buffered, answers DLE EOT, sends Automatic Status Back and process ID
 * responses, and follows a script of states (paper out mid-job, cover open, unplugged, hung, slow). With
 * `language: 'star'` it is a Star printer answering ESC ACK SOH with Star's ASB block instead. Opt-in, it is a device
 * model at real speed: paper speed, a finite receive buffer with flow control, a small TCP window, a finite roll, the
 * connection's close after the sender's FIN (startRealPrinter: presets of shop printers).
 */
export { startTcpPrinterSimulator } from './tcp-simulator';
export { createUsbPrinterSimulator, UsbTransferTimeoutError } from './usb-simulator';
export { ESC_POS_LINE_MM, receiptOfLength, STAR_LINE_MM, startRealPrinter, type RealPrinterKind, type ReceiptOptions } from './real-printers';
export type {
  CloseAfterEof,
  ConnectionFault,
  PrinterSimulator,
  SimulatedState,
  SimulatorOptions,
  SimulatorRequest,
  TcpPrinterSimulator,
  TcpPrinterSimulatorOptions,
  UsbPrinterSimulator,
  UsbPrinterSimulatorOptions,
} from './types';
