package sudoku

import "math"

// TMax is the FPT'09 time limit for a puzzle of the given order:
// 3·10⁻⁴ · n⁶ seconds (0.22 s at order 3, 159 s at 9, 3,417 s at 15).
func TMax(order int) float64 {
	return 3e-4 * math.Pow(float64(order), 6)
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
