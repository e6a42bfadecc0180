/**
 * Issue 32's worst moments. A ticket stopped by the printer's state, told in the window's language with the printer's
 * name: what happened to the ticket and what the owner does next (the service's bilingual words stay as technical
 * detail); what a held ticket is; and a window the service signed out, which is not "no connection".
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
  signedOutTitle: 'Vuelva a entrar',
  signedOutHint: 'El servicio de impresión funciona, pero pide el token otra vez (la sesión caducó o el token cambió).',
  signInAgain: 'Vuelva a entrar',
  staleSignedOut: 'Sin sesión: valores de la última lectura, {{time}}',
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
  signedOutTitle: 'Sign in again',
  signedOutHint: 'The print service is running, but asks for the token again (the session expired or the token changed).',
  signInAgain: 'Sign in again',
  staleSignedOut: 'Signed out: values from the last reading, {{time}}',
};
