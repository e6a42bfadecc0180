/**
 * The part of a USB device Ticketera touches, shaped like the `usb` package's (WebUSB-style) UsbDevice so the real
 * backend passes its devices straight through and tests pass fakes.
 */
export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}

export interface UsbAlternateLike {
  interfaceClass: number;
  endpoints: UsbEndpointLike[];
}

export interface UsbInterfaceLike {
  interfaceNumber: number;
  alternate: UsbAlternateLike;
}

export interface UsbConfigurationLike {
  configurationValue: number;
  interfaces: UsbInterfaceLike[];
}

export interface UsbTransferResult {
  bytesWritten: number;
  status: string;
}

export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  readonly serialNumber: string | null;
  readonly opened: boolean;
  readonly configuration: UsbConfigurationLike | null | undefined;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(configurationValue: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  releaseInterface(interfaceNumber: number): Promise<void>;
  /** Linux only: usblp holds printer interfaces until it is detached. */
  detachKernelDriver(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array, timeoutMs?: number): Promise<UsbTransferResult>;
  /** Reads what the printer sends back on its bulk IN endpoint (status); empty data when it has nothing to say. */
  transferIn(endpointNumber: number, length: number): Promise<{ data?: DataView; status: string }>;
}

export interface UsbBackend {
  getDevices(): Promise<UsbDeviceLike[]>;
}

/** USB interface class 7: printers. */
export const USB_CLASS_PRINTER = 7;
