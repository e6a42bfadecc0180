/**
 * A test-only `bcryptprimitives.dll` for the Wine prefix. The Windows binaries of `usb` and `@napi-rs/canvas` (Rust)
 * import `ProcessPrng` from it; Windows 10+ has the DLL, Wine 8 does not, so their `.node` files fail to load with
 * "Module not found". This writes the smallest PE32+ DLL that exports `ProcessPrng` and forwards the request to
 * `advapi32!SystemFunction036` (RtlGenRandom, which Wine has), so no compiler is needed to build it.
 *
 * Layout: headers in the first 0x200 bytes of the file, one read/write/execute section at RVA 0x1000 holding the code,
 * the import of SystemFunction036 and the export of ProcessPrng. Every address in the code is RIP-relative, so
 * the image loads at any base without relocations.
 */

const SECTION_RVA = 0x1000;
const FILE_ALIGNMENT = 0x200;
const SECTION_ALIGNMENT = 0x1000;

/** Offsets inside the section. */
const AT = {
  dllMain: 0x000,
  processPrng: 0x010,
  importDescriptors: 0x040,
  lookupTable: 0x070,
  addressTable: 0x080,
  hintName: 0x090,
  importedDll: 0x0b0,
  exportDirectory: 0x0c0,
  exportFunctions: 0x0e8,
  exportNames: 0x0ec,
  exportOrdinals: 0x0f0,
  exportedDll: 0x0f4,
  exportedName: 0x10a,
  end: 0x120,
} as const;

const rva = (offset: number): number => SECTION_RVA + offset;

/** x64 machine code of `BOOL ProcessPrng(PBYTE data, SIZE_T size)`: RtlGenRandom(data, size) then return TRUE. */
function processPrngCode(): Buffer {
  const callAt = rva(AT.processPrng) + 4;
  const callLength = 6;
  const displacement = Buffer.alloc(4);
  displacement.writeInt32LE(rva(AT.addressTable) - (callAt + callLength));
  return Buffer.concat([
    Buffer.from([0x48, 0x83, 0xec, 0x28]), // sub rsp, 40: shadow space, stack kept 16-byte aligned for the call
    Buffer.from([0xff, 0x15]), // call [rip + disp32]: SystemFunction036(rcx = data, edx = size)
    displacement,
    Buffer.from([0x48, 0x83, 0xc4, 0x28]), // add rsp, 40
    Buffer.from([0xb8, 0x01, 0x00, 0x00, 0x00]), // mov eax, 1: ProcessPrng "always returns TRUE"
    Buffer.from([0xc3]), // ret
  ]);
}

function section(): Buffer {
  const data = Buffer.alloc(AT.end);
  Buffer.from([0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3]).copy(data, AT.dllMain); // DllMain: mov eax, 1; ret
  processPrngCode().copy(data, AT.processPrng);

  // IMAGE_IMPORT_DESCRIPTOR for advapi32.dll, then the all-zero one that ends the list.
  data.writeUInt32LE(rva(AT.lookupTable), AT.importDescriptors);
  data.writeUInt32LE(rva(AT.importedDll), AT.importDescriptors + 12);
  data.writeUInt32LE(rva(AT.addressTable), AT.importDescriptors + 16);
  // Lookup and address tables: one 64-bit entry naming SystemFunction036, then a zero entry.
  data.writeBigUInt64LE(BigInt(rva(AT.hintName)), AT.lookupTable);
  data.writeBigUInt64LE(BigInt(rva(AT.hintName)), AT.addressTable);
  data.write('SystemFunction036\0', AT.hintName + 2, 'latin1');
  data.write('advapi32.dll\0', AT.importedDll, 'latin1');

  // IMAGE_EXPORT_DIRECTORY with one function, exported by name with ordinal base 1.
  const dir = AT.exportDirectory;
  data.writeUInt32LE(rva(AT.exportedDll), dir + 12);
  data.writeUInt32LE(1, dir + 16);
  data.writeUInt32LE(1, dir + 20);
  data.writeUInt32LE(1, dir + 24);
  data.writeUInt32LE(rva(AT.exportFunctions), dir + 28);
  data.writeUInt32LE(rva(AT.exportNames), dir + 32);
  data.writeUInt32LE(rva(AT.exportOrdinals), dir + 36);
  data.writeUInt32LE(rva(AT.processPrng), AT.exportFunctions);
  data.writeUInt32LE(rva(AT.exportedName), AT.exportNames);
  data.writeUInt16LE(0, AT.exportOrdinals);
  data.write('bcryptprimitives.dll\0', AT.exportedDll, 'latin1');
  data.write('ProcessPrng\0', AT.exportedName, 'latin1');
  return data;
}

/** The DLL's bytes. */
export function standInBcryptPrimitives(): Buffer {
  const body = section();
  const rawSize = Math.ceil(body.length / FILE_ALIGNMENT) * FILE_ALIGNMENT;
  const file = Buffer.alloc(FILE_ALIGNMENT + rawSize);
  body.copy(file, FILE_ALIGNMENT);

  // DOS header: only the signature and where the PE header starts matter.
  file.write('MZ', 0, 'latin1');
  const pe = 0x40;
  file.writeUInt32LE(pe, 0x3c);
  file.write('PE\0\0', pe, 'latin1');

  // COFF header: x64, one section, a 240-byte optional header, an executable DLL.
  const coff = pe + 4;
  file.writeUInt16LE(0x8664, coff);
  file.writeUInt16LE(1, coff + 2);
  file.writeUInt16LE(240, coff + 16);
  file.writeUInt16LE(0x2000 | 0x0020 | 0x0002, coff + 18); // DLL | LARGE_ADDRESS_AWARE | EXECUTABLE_IMAGE

  // PE32+ optional header.
  const opt = coff + 20;
  file.writeUInt16LE(0x20b, opt);
  file.writeUInt32LE(rawSize, opt + 4); // SizeOfCode
  file.writeUInt32LE(rva(AT.dllMain), opt + 16); // AddressOfEntryPoint
  file.writeUInt32LE(SECTION_RVA, opt + 20); // BaseOfCode
  file.writeBigUInt64LE(0x1_8000_0000n, opt + 24); // ImageBase (moved by the loader if taken: nothing to relocate)
  file.writeUInt32LE(SECTION_ALIGNMENT, opt + 32);
  file.writeUInt32LE(FILE_ALIGNMENT, opt + 36);
  file.writeUInt16LE(6, opt + 40); // MajorOperatingSystemVersion
  file.writeUInt16LE(6, opt + 48); // MajorSubsystemVersion
  file.writeUInt32LE(SECTION_RVA + SECTION_ALIGNMENT, opt + 56); // SizeOfImage
  file.writeUInt32LE(FILE_ALIGNMENT, opt + 60); // SizeOfHeaders
  file.writeUInt16LE(3, opt + 68); // Subsystem: console
  file.writeUInt16LE(0x0100, opt + 70); // DllCharacteristics: NX_COMPAT
  file.writeBigUInt64LE(0x100000n, opt + 72); // SizeOfStackReserve
  file.writeBigUInt64LE(0x1000n, opt + 80); // SizeOfStackCommit
  file.writeBigUInt64LE(0x100000n, opt + 88); // SizeOfHeapReserve
  file.writeBigUInt64LE(0x1000n, opt + 96); // SizeOfHeapCommit
  file.writeUInt32LE(16, opt + 108); // NumberOfRvaAndSizes
  const directory = (index: number, start: number, size: number): void => {
    file.writeUInt32LE(rva(start), opt + 112 + index * 8);
    file.writeUInt32LE(size, opt + 112 + index * 8 + 4);
  };
  directory(0, AT.exportDirectory, AT.end - AT.exportDirectory);
  directory(1, AT.importDescriptors, 40);
  directory(12, AT.addressTable, 16);

  // The one section: code and data together, writable so the loader can fill the import address table.
  const header = opt + 240;
  file.write('.text\0\0\0', header, 'latin1');
  file.writeUInt32LE(body.length, header + 8); // VirtualSize
  file.writeUInt32LE(SECTION_RVA, header + 12);
  file.writeUInt32LE(rawSize, header + 16);
  file.writeUInt32LE(FILE_ALIGNMENT, header + 20);
  file.writeUInt32LE(0xe0000060, header + 36); // CODE | INITIALIZED_DATA | EXECUTE | READ | WRITE
  return file;
}
