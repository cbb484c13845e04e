package hdl

func newIcarusRunner(p Params) (runner, error) {
	return nil, &CoverageError{"icarus: not built yet"}
}
