package sudoku

import "math"

// TMax is the FPT'09 time limit for a puzzle of the given order:
// 3·10⁻⁴ · n⁶ seconds (0.2187 s at order 3, 159.4 s at 9, 3,417 s at 15).
// It is computed as 3·n⁶ / 10⁴, one correctly rounded division of exact
// integers, so it prints as the decimal it is (0.2187, not the
// 0.21869999999999998 of 3e-4·729).
func TMax(order int) float64 {
	n6 := math.Pow(float64(order), 6)
	return 3 * n6 / 1e4
}

// Score is the FPT'09 competition score Σ n⁶ / t_n over the orders present
// in meanSeconds (order → mean solve time t_n in seconds). An order whose
// mean time is not positive, is not finite or exceeds TMax scores 0, as a
// puzzle over the limit did in the competition.
func Score(meanSeconds map[int]float64) float64 {
	total := 0.0
	for order := MinOrder; order <= MaxOrder; order++ { // fixed order: same float sum every run
		t, ok := meanSeconds[order]
		if !ok || !(t > 0) || math.IsInf(t, 0) || t > TMax(order) {
			continue
		}
		total += math.Pow(float64(order), 6) / t
	}
	return total
}
