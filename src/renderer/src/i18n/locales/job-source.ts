/**
 * Where a ticket came from (issue 32, round 4), on Jobs rows, the job's details and the held card: "Desde:
 * tpv.cafeole.es (TPV)". Spanish and English with the same keys.
 */
export const jobSourceEs = {
  sourceTitle: 'Desde',
  sourceFrom: 'Desde: {{source}}',
  sourceWithKind: '{{label}} ({{kind}})',
  sourceKind_pos: 'TPV',
  sourceKind_fleet: 'impresión remota',
  sourceKind_window: 'Ticketera',
  sourceKind_epos: 'TPV, Epson ePOS',
  sourceKind_webprnt: 'TPV, Star WebPRNT',
  sourceKind_cloudprnt: 'pedido en línea, Star CloudPRNT',
  sourceKind_sdp: 'pedido en línea, Epson Server Direct Print',
  sourceThisComputer: 'este equipo',
};

export const jobSourceEn: Record<keyof typeof jobSourceEs, string> = {
  sourceTitle: 'From',
  sourceFrom: 'From: {{source}}',
  sourceWithKind: '{{label}} ({{kind}})',
  sourceKind_pos: 'POS',
  sourceKind_fleet: 'remote printing',
  sourceKind_window: 'Ticketera',
  sourceKind_epos: 'POS, Epson ePOS',
  sourceKind_webprnt: 'POS, Star WebPRNT',
  sourceKind_cloudprnt: 'online order, Star CloudPRNT',
  sourceKind_sdp: 'online order, Epson Server Direct Print',
  sourceThisComputer: 'this computer',
};
