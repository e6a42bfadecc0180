import { describe, expect, it } from 'vitest';
import type { PrinterDetail } from '../../src/shared/printers';
import { summarizePrinters } from '../../src/main/services/printers/printer-summary';

const printer = (name: string, printer_type: PrinterDetail['printer_type'], is_default = false): PrinterDetail => ({
  name,
  port: 'USB001',
  driver: name,
  status: 'ready',
  is_default,
  is_virtual: printer_type === 'virtual',
  printer_type,
});

describe('summarizePrinters', () => {
  it('is ok as soon as one thermal printer is there', () => {
    expect(summarizePrinters([printer('HP', 'network', true), printer('POS-80', 'thermal'), printer('PDF', 'virtual')])).toEqual({
      status: 'ok',
      detected_count: 3,
      thermal_count: 1,
      default_name: 'HP',
    });
  });

  it('warns when only physical non-thermal printers exist', () => {
    expect(summarizePrinters([printer('HP', 'network'), printer('Canon', 'unknown'), printer('PDF', 'virtual', true)])).toEqual({
      status: 'warning',
      detected_count: 3,
      thermal_count: 0,
      default_name: 'PDF',
    });
  });

  it('is an error with only virtual printers or none, and the default name is empty when there is none', () => {
    expect(summarizePrinters([printer('PDF', 'virtual')])).toEqual({ status: 'error', detected_count: 1, thermal_count: 0, default_name: '' });
    expect(summarizePrinters([])).toEqual({ status: 'error', detected_count: 0, thermal_count: 0, default_name: '' });
  });
});
