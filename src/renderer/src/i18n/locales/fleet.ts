/** Texts of remote printing through the chain's broker (issue 26): Home's fleet card, Spanish and English with the same keys. */
export const fleetEs = {
  fleetTitle: 'Impresión remota (cadena)',
  fleetConnected: 'Conectada',
  fleetConnecting: 'Conectando',
  fleetReconnecting: 'Reconectando',
  fleetBroker: 'Bróker: {{broker}}',
  fleetSite: 'Esta tienda es «{{site}}» en la cadena.',
  fleetSince: 'Conectada desde {{time}}.',
  fleetWhy: 'Motivo: {{problem}}',
  fleetLastTicket: 'Último ticket recibido: {{time}}.',
  fleetNoTicketYet: 'Aún no ha llegado ningún ticket por el bróker.',
  fleetRefused: 'Rechazados: {{expired}} caducados, {{oversized}} demasiado grandes, {{noReply}} sin dirección de respuesta.',
  fleetReconnectingHint: 'Los tickets enviados mientras tanto esperan en el bróker y se imprimen al volver, salvo los caducados.',
};

export const fleetEn: typeof fleetEs = {
  fleetTitle: 'Remote printing (chain)',
  fleetConnected: 'Connected',
  fleetConnecting: 'Connecting',
  fleetReconnecting: 'Reconnecting',
  fleetBroker: 'Broker: {{broker}}',
  fleetSite: 'This shop is “{{site}}” in the chain.',
  fleetSince: 'Connected since {{time}}.',
  fleetWhy: 'Why: {{problem}}',
  fleetLastTicket: 'Last ticket received: {{time}}.',
  fleetNoTicketYet: 'No ticket has come through the broker yet.',
  fleetRefused: 'Refused: {{expired}} expired, {{oversized}} too large, {{noReply}} without a reply address.',
  fleetReconnectingHint: 'Tickets sent meanwhile wait at the broker and print when it is back, except expired ones.',
};
