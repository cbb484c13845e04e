package area

import (
	"fmt"
	"sort"
	"strings"
)

// Arch is a device family's logic and memory architecture, which decides how
// the Virtex-II estimate is translated (docs/resource-model.md §5).
type Arch int

const (
	// ArchLUT4Slice: slices of two LUT4s and two flip-flops, 18 Kbit block
	// RAMs with the RAMB16 shapes (Virtex-II Pro, Spartan-3A/3AN/3A DSP).
	ArchLUT4Slice Arch = iota
	// ArchLE: Altera logic elements (one LUT4 and one flip-flop) and M4K
	// blocks (Cyclone II).
	ArchLE
	// ArchLUT6Slice: slices of LUT6s and flip-flops (four and eight in the
	// 7 series, eight and sixteen in UltraScale+), 36 Kbit block RAMs that
	// split into two 18 Kbit halves.
	ArchLUT6Slice
)

// Device is one FPGA's capacity, from its vendor data sheet.
type Device struct {
	// Name is the part as --device spells it (case-insensitive).
	Name   string
	Family string
	// Board is the competition board that carries it, if any.
	Board string
	Arch  Arch
	// Slices are native slices (ArchLUT4Slice, ArchLUT6Slice); LEs the
	// logic elements (ArchLE).
	Slices, LEs int
	// LUTs and FFs are the native LUTs (LUT4 or LUT6) and flip-flops.
	LUTs, FFs int
	// BlockRAMs is the native block count: RAMB16 (18 Kbit), M4K, or RAMB36
	// (36 Kbit).
	BlockRAMs int
	// Multipliers are 18×18 multipliers or DSP slices.
	Multipliers int
	// Source is the data sheet the figures come from.
	Source string
}

// Devices is the catalogue: the competition's five boards' parts and two
// current parts.
var Devices = []Device{
	{Name: "XC2VP30", Family: "Virtex-II Pro", Board: "XUP Virtex-II Pro", Arch: ArchLUT4Slice,
		Slices: 13696, LUTs: 27392, FFs: 27392, BlockRAMs: 136, Multipliers: 136,
		Source: "Xilinx DS083, Virtex-II Pro and Virtex-II Pro X Platform FPGAs: Complete Data Sheet, Table 1"},
	{Name: "EP2C35", Family: "Cyclone II", Board: "Altera DE2", Arch: ArchLE,
		LEs: 33216, LUTs: 33216, FFs: 33216, BlockRAMs: 105, Multipliers: 35,
		Source: "Altera Cyclone II Device Handbook, Vol. 1, Table 1-1 (Cyclone II FPGA Family Features)"},
	{Name: "EP2C70", Family: "Cyclone II", Board: "Altera DE2-70", Arch: ArchLE,
		LEs: 68416, LUTs: 68416, FFs: 68416, BlockRAMs: 250, Multipliers: 150,
		Source: "Altera Cyclone II Device Handbook, Vol. 1, Table 1-1 (Cyclone II FPGA Family Features)"},
	{Name: "XC3SD1800A", Family: "Spartan-3A DSP", Board: "Xtreme DSP Starter Platform, Spartan-3A DSP 1800A", Arch: ArchLUT4Slice,
		Slices: 16640, LUTs: 33280, FFs: 33280, BlockRAMs: 84, Multipliers: 84,
		Source: "Xilinx DS610, Spartan-3A DSP FPGA Family Data Sheet, Table 1"},
	{Name: "XC3S1400AN", Family: "Spartan-3AN", Board: "Altium NanoBoard 3000", Arch: ArchLUT4Slice,
		Slices: 11264, LUTs: 22528, FFs: 22528, BlockRAMs: 32, Multipliers: 32,
		Source: "Xilinx DS557, Spartan-3AN FPGA Family Data Sheet, Table 1"},
	{Name: "XC7A100T", Family: "Artix-7", Arch: ArchLUT6Slice,
		Slices: 15850, LUTs: 63400, FFs: 126800, BlockRAMs: 135, Multipliers: 240,
		Source: "Xilinx DS180, 7 Series FPGAs Data Sheet: Overview, Table 3 (Artix-7)"},
	{Name: "XCVU9P", Family: "Virtex UltraScale+", Arch: ArchLUT6Slice,
		Slices: 147780, LUTs: 1182240, FFs: 2364480, BlockRAMs: 2160, Multipliers: 6840,
		Source: "Xilinx DS923, Virtex UltraScale+ FPGA Data Sheet / DS890 UltraScale Architecture and Product Overview, Table 13"},
}

// DefaultDevice is the XUP board's part.
const DefaultDevice = "XC2VP30"

// LookupDevice finds a device by name, case-insensitively.
func LookupDevice(name string) (Device, error) {
	for _, d := range Devices {
		if strings.EqualFold(d.Name, name) {
			return d, nil
		}
	}
	names := make([]string, len(Devices))
	for i, d := range Devices {
		names[i] = d.Name
	}
	sort.Strings(names)
	return Device{}, fmt.Errorf("area: unknown device %q (known: %s)", name, strings.Join(names, ", "))
}
