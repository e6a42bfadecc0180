/**
 * Ticketera's built-in 5×7 bitmap font, drawn for the preview: printable ASCII, the Latin-1 letters receipts use,
 * €, and a few box-drawing shades. Each glyph is its character followed by seven base-32 digits, one per row,
 * bit 4 the leftmost dot. Accented letters missing here are composed from a base letter and an accent mark.
 */
export const GLYPH_DATA =
  ' 0000000!4444404"aaa0000#aavavaa$4fke5u4%op248j3&cik8lid\'4480000(2488842)8422248*04lel40+044v440,0000c48-000v000.00000cc/01248g00ehjlphe14c4444e2eh1248v3v2421he426aiv225vgu11he668guhhe7v1248888ehhehhe9ehhf12c:0cc0cc0;0cc0c48<248g842=00v0v00>8421248?eh12404@eh1dlleAehhvhhhBuhhuhhuCehgggheDsihhhisEvgguggvFvggugggGehgnhhfHhhhvhhhIe44444eJ72222icKhikokihLggggggvMhrllhhhNhhpljhhOehhhhhePuhhugggQehhhlidRuhhukihSfgge11uTv444444UhhhhhheVhhhhha4WhhhlllaXhha4ahhYhhha444Zv1248gv[e88888e\\0g84210]e22222e^4ah0000_000000v`8420000a00e1fhfbggmphhuc00egghed11djhhfe00ehvgef698s888gfhhf1hehggmphhhi40c444ej20622ickggikokilc44444em00qllhhn00mphhho00ehhhepuhhugggqdjhf111r00mpgggs00ege1ut88s8896u00hhhjdv00hhha4w00hhllax00ha4ahyhhhf1hez00v248v{2448442|4444444}8442448~008l200€69u8u96£698s89m¢4ekkle4¥hav4v44ßciikiim°ciic000ªe2ee0v0ºciic0u0«05aka50»0ka5ak0¿4048ghe¡4044444×0ha4ah0÷040v040±44v440v·0004000§egcic2s©ehlllhe®ehtpphe½ggg259i¼ggg26ajæ00q5fkfÆfkkukknø00ejlpeØejlllpeç0egge48Çehgghe5ñak0mphhÑakhpljhÿa0hhf1eµ00hhjtg¤0heaeh0¦4440444¬000v110¨a000000´2400000¹8o8s000²o48s000³sc4o000¶fttd555₧sisliihƒ254e44o░k0a0k0a▒lalalal▓rererer█vvvvvvv│4444444─000v000┼444v444–000u000—000v000‘2440000’4480000‚0000448“akk0000”aak0000„0000aak•00eee00…000000l\ufffdvhlhlhv';

/** Lowercase letters whose bodies hang below the baseline. */
export const DESCENDERS = 'gpqy';
