import { describe, expect, it } from 'vitest';
import { classifyPrinter } from '../../src/main/services/printers/classify-printer';

type Row = [name: string, port: string, driver: string, expected: 'thermal' | 'virtual' | 'network' | 'unknown'];

// Real queue names, ports and drivers as Windows and CUPS report them.
const TABLE: Row[] = [
  ['POS-58', 'USB001', 'POS-58', 'thermal'],
  ['POS-80C', 'USB002', 'POS-80C', 'thermal'],
  ['POS80 Printer', 'USB001', 'POS80 Printer Driver', 'thermal'],
  ['EPSON TM-T20II Receipt', 'ESDPRT001', 'EPSON TM-T20II Receipt5', 'thermal'],
  ['Caja 1', 'TMUSB001', 'EPSON TM-T88V Receipt', 'thermal'],
  ['Star TSP100 Cutter (TSP143)', 'USB001', 'Star TSP100 Cutter (TSP143)', 'thermal'],
  ['Star mC-Print3', 'USB003', 'Star mC-Print3', 'thermal'],
  ['XP-80C', 'USB001', 'XP-80C', 'thermal'],
  ['Xprinter XP-58IIH', 'USB001', 'Xprinter', 'thermal'],
  ['BIXOLON SRP-350III', 'USB001', 'BIXOLON SRP-350III', 'thermal'],
  ['CITIZEN CT-S310II', 'USB001', 'CITIZEN CT-S310II', 'thermal'],
  ['Rongta RP80', 'USB001', 'RONGTA 80mm Series Printer', 'thermal'],
  ['HPRT TP805', 'USB001', 'HPRT TP805', 'thermal'],
  ['SEWOO LK-TL202', 'USB001', 'SEWOO LK-TL202', 'thermal'],
  ['Impresora Cocina', 'IP_192.168.1.60', '80mm Series Printer', 'thermal'],
  ['Generic / Text Only', 'USB001', 'Generic / Text Only', 'thermal'],
  ['tickets', 'usb://Unknown/Printer?serial=123', 'Generic / Text Only', 'thermal'],
  ['Generic / Text Only', 'FILE:', 'Generic / Text Only', 'virtual'],
  ['Generic / Text Only', 'IP_10.0.0.9', 'Generic / Text Only', 'network'],
  ['Microsoft Print to PDF', 'PORTPROMPT:', 'Microsoft Print To PDF', 'virtual'],
  ['Microsoft XPS Document Writer', 'PORTPROMPT:', 'Microsoft XPS Document Writer v4', 'virtual'],
  ['OneNote (Desktop)', 'nul:', 'Send to Microsoft OneNote 16 Driver', 'virtual'],
  ['Fax', 'SHRFAX:', 'Microsoft Shared Fax Driver', 'virtual'],
  ['PDFCreator', 'pdfcmon', 'PDFCreator', 'virtual'],
  ['CutePDF Writer', 'CPW2:', 'CutePDF Writer', 'virtual'],
  ['PDF', 'cups-pdf:/', 'Generic CUPS-PDF Printer', 'virtual'],
  ['Ticketera Virtual Printer', 'virtual', 'Ticketera', 'virtual'],
  ['HP LaserJet M404', 'IP_192.168.1.20', 'HP Universal Printing PCL 6', 'network'],
  ['Brother HL-L2350DW', 'WSD-8f2b1c3e-0001', 'Brother Laser Type1 Class Driver', 'network'],
  ['Office', '192.168.1.30', 'HP Universal Printing PCL 6', 'network'],
  ['Office_CUPS', 'ipp://192.168.1.30/ipp/print', 'HP LaserJet', 'network'],
  ['laser', 'socket://192.168.1.31:9100', 'Local Raw Printer', 'network'],
  ['\\\\SERVER\\Laser', 'Ne01:', 'HP Universal Printing PCL 6', 'network'],
  ['Canon iP2700', 'USB001', 'Canon iP2700 series', 'unknown'],
  ['Generic / Text Only', 'LPT1:', 'Generic / Text Only', 'unknown'],
];

describe('classifyPrinter', () => {
  it.each(TABLE)('%s on %s (%s) is %s', (name, port, driver, expected) => {
    const result = classifyPrinter({ name, port, driver });
    expect(result.printer_type).toBe(expected);
    expect(result.is_virtual).toBe(expected === 'virtual');
  });

  it('reads hints such as a CUPS description', () => {
    expect(classifyPrinter({ name: 'caja', port: 'socket://10.0.0.5:9100', driver: 'Local Raw Printer', hints: ['EPSON TM-T88VI'] }).printer_type).toBe('thermal');
    expect(classifyPrinter({ name: 'caja', port: 'socket://10.0.0.5:9100', driver: 'Local Raw Printer' }).printer_type).toBe('network');
  });
});
