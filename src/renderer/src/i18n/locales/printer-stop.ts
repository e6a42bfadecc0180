/**
 * A ticket stopped by the printer's state (issue 32), told in the window's language with the printer's name: what
 * happened to the ticket and what the owner does next. The service's own bilingual words stay as technical detail.
 */
export const printerStopEs = {
  stopRefused: '{{reason}} ({{printer}}): este ticket no se aceptó y no se imprimirá. {{fix}} y vuelva a enviarlo desde el TPV.',
  stopHeld:
    '{{reason}} ({{printer}}): la impresora se paró con este ticket y Ticketera lo guarda. {{fix}} y pulse «Imprimir ahora», o descártelo si ya lo reimprimió desde el TPV.',
  stopNotSent:
    '{{reason}} ({{printer}}): este ticket esperaba detrás de otro y aún no se envió; Ticketera lo guarda. {{fix}} y pulse «Imprimir ahora», o descártelo si ya lo reimprimió desde el TPV.',
  stopFix_paper_out: 'Ponga papel',
  stopFix_cover_open: 'Cierre la tapa',
  stopFix_fault: 'Revise la impresora',
  stopFix_silent: 'Compruebe que la impresora está encendida y conectada',
  stopReasonOther: 'La impresora se paró',
  heldPreview: 'Contenido',
  heldNotSent: 'No llegó a enviarse a la impresora: no salió nada de este ticket.',
};

export const printerStopEn: Record<keyof typeof printerStopEs, string> = {
  stopRefused: '{{reason}} ({{printer}}): this ticket was not taken and will not print. {{fix}} and send it again from the POS.',
  stopHeld:
    '{{reason}} ({{printer}}): the printer stopped with this ticket and Ticketera keeps it. {{fix}} and press "Print now", or discard it if it was already printed again from the POS.',
  stopNotSent:
    '{{reason}} ({{printer}}): this ticket was waiting behind another one and was not sent yet; Ticketera keeps it. {{fix}} and press "Print now", or discard it if it was already printed again from the POS.',
  stopFix_paper_out: 'Load paper',
  stopFix_cover_open: 'Close the cover',
  stopFix_fault: 'Check the printer',
  stopFix_silent: 'Check that the printer is on and connected',
  stopReasonOther: 'The printer stopped',
  heldPreview: 'Contents',
  heldNotSent: 'It was never sent to the printer: nothing of this ticket came out.',
};
