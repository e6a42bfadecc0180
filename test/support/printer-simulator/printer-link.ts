/** What a link (a TCP connection, the USB endpoints) and the simulated printer offer each other. */

/** Where the printer's replies go: one TCP connection, or the USB bulk IN endpoint. */
export interface ReplyChannel {
  isOpen(): boolean;
  send(bytes: Uint8Array): void;
  /** Its data is all in the buffer and no reply is owed to it any more: an AppSocket printer closes the connection. */
  finish(): void;
  /** How many more bytes the link takes now without piling up unread (a status flood sends no more). */
  room(): number;
  /**
   * With a finite buffer: `true` once the printer stops taking this link's bytes (some wait outside the buffer),
   * `false` once all it was given are in. TCP pauses / resumes the socket; USB completes the bulk OUT transfer.
   */
  hold(held: boolean): void;
}

/** One link's session with the printer, fed by the link. */
export interface PrinterConnection {
  /** Bytes from the link: read into the buffer as far as there is room, the rest waits (see ReplyChannel.hold). */
  receive(chunk: Uint8Array): void;
  /** Bytes given to receive() that wait for room in the buffer. */
  waiting(): number;
  /** Drops up to `max` of the bytes that wait, the first ones (a USB transfer that timed out); returns how many. */
  discardWaiting(max: number): number;
  /** The stream paused for good (USB release): a command left cut short goes into the buffer as it is. */
  flush(): void;
  /** The sender half-closed: once its data is all in, flush and finish the channel as `closeAfterEof` says. */
  endOfData(): void;
  /** The link is gone (closed or reset): what is in the buffer stays, what waited outside it is lost. */
  closed(): void;
}

/** What the link changes about the printer's status replies. */
export interface LinkTraits {
  /**
   * A Star printer on Ethernet: its ASB carries the Length field and is sent by itself on every status change
   * (Star's manual: ESC RS a n "is ignored (set to enable auto-status) when using Ethernet").
   */
  ethernet: boolean;
}
