/**
 * Issue 32, round 4: notices the owner can trust. Coming back after "Sign in again", the header's printer badge while
 * signed out, the guide's last step (copied is not connected), failed tickets told in the window's language with the
 * printer's name, and the time on every toast.
 */
export const noticesEs = {
  printerStateSignedOut: 'Impresora de los tickets: sin datos (vuelva a entrar)',
  draftKeptTitle: 'Sus cambios siguen aquí',
  draftKept: 'Los cambios sin guardar de antes de volver a entrar se han recuperado. Guárdelos para no perderlos.',
  draftKeptDismiss: 'Entendido',
  guideStepCopied: 'Copiada',
  guideStepCopiedHint: 'Dirección copiada. Este paso se completa cuando llegue el primer ticket del TPV: copiarla no basta para saber que el TPV la tiene.',
  guideStepReceivedHint: 'El TPV ya usa la dirección: llegó su primer ticket.',
  guidePausedTitle: 'Impresión en pausa',
  guidePaused: 'Los tickets esperan en la cola y no salen hasta que pulse «Reanudar impresión» arriba.',
  guideNotReadyWaitingTitle: 'Casi listo',
  guideNotReadyWaiting: 'La impresora de los tickets no puede imprimir ahora: {{state}}. Además, falta que llegue el primer ticket del TPV con la dirección copiada.',
  failedDefaultPrinter: 'la impresora predeterminada',
  failedDocument: '{{what}} ({{printer}}): el TPV lo envió así y no se imprimió. Avise a quien configuró su programa de caja.',
  failedPrinter: '{{what}} ({{printer}}): el ticket no se imprimió. Compruebe que está encendida, conectada y con papel, y reimprímalo desde Trabajos.',
  failedAudit: 'Rechazado por el control de seguridad ({{printer}}): el ticket no se imprimió. Si lo envió su TPV, revise en Ajustes el token y los sitios permitidos.',
  failedService: 'El servicio no pudo imprimir el ticket ({{printer}}). Reimprímalo desde Trabajos; si vuelve a fallar, mire el detalle.',
  failedOther: 'No se pudo imprimir el ticket ({{printer}}). Vea Trabajos.',
  failedDetail: 'Detalle',
  toastAt: 'A las {{time}}',
};

export const noticesEn: Record<keyof typeof noticesEs, string> = {
  printerStateSignedOut: 'Receipt printer: unknown (sign in again)',
  draftKeptTitle: 'Your changes are still here',
  draftKept: 'The unsaved changes from before signing in again were recovered. Save them so they are not lost.',
  draftKeptDismiss: 'Got it',
  guideStepCopied: 'Copied',
  guideStepCopiedHint: 'Address copied. This step is complete once the first ticket from the POS arrives: copying it does not tell that the POS has it.',
  guideStepReceivedHint: 'The POS uses the address: its first ticket arrived.',
  guidePausedTitle: 'Printing paused',
  guidePaused: 'Tickets wait in the queue and do not print until you press "Resume printing" at the top.',
  guideNotReadyWaitingTitle: 'Almost ready',
  guideNotReadyWaiting: 'The receipt printer cannot print now: {{state}}. And the first ticket from the POS, sent to the copied address, has not arrived yet.',
  failedDefaultPrinter: 'the default printer',
  failedDocument: '{{what}} ({{printer}}): the POS sent it like this and it was not printed. Tell whoever set up your till software.',
  failedPrinter: '{{what}} ({{printer}}): the ticket was not printed. Check that it is on, connected and has paper, and print it again from Jobs.',
  failedAudit: 'Refused by the safety check ({{printer}}): the ticket was not printed. If your POS sent it, check the token and the allowed sites in Settings.',
  failedService: 'The service could not print the ticket ({{printer}}). Print it again from Jobs; if it fails again, look at the detail.',
  failedOther: 'The ticket could not be printed ({{printer}}). See Jobs.',
  failedDetail: 'Detail',
  toastAt: 'At {{time}}',
};
