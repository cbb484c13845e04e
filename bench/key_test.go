package bench

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"sudokusim/rtl/bnb"
	"sudokusim/sudoku"
)

// setOther sets v, a settable field, to a value other than its current one.
func setOther(t *testing.T, v reflect.Value, name string) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 0.5)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	default:
		t.Fatalf("field %s: kind %s: teach setOther to change it", name, v.Kind())
	}
}

// leaves calls fn on every non-struct field of the struct v, descending
// into embedded and nested structs, with a dotted name.
func leaves(v reflect.Value, prefix string, fn func(reflect.Value, string)) {
	for i := 0; i < v.NumField(); i++ {
		f, name := v.Field(i), prefix+v.Type().Field(i).Name
		if f.Kind() == reflect.Struct {
			leaves(f, name+".", fn)
			continue
		}
		fn(f, name)
	}
}

// TestKeyCoversEveryField: changing any one field of a point, its settings
// included, changes its key, so no field can be left out of it.
func TestKeyCoversEveryField(t *testing.T) {
	base := Point{Puzzle: "p", PuzzleHash: GridHash(sudoku.Sample()), Order: 3, CPC: 8, Heuristics: "none",
		MaxOrder: 15, ClockMHz: 100, Settings: Settings{Mode: "fast", Link: "direct", Device: "XC2VP30"}}
	n := 0
	leaves(reflect.ValueOf(&base).Elem(), "", func(_ reflect.Value, name string) {
		p := base
		var field reflect.Value
		leaves(reflect.ValueOf(&p).Elem(), "", func(v reflect.Value, n string) {
			if n == name {
				field = v
			}
		})
		setOther(t, field, name)
		assert.NotEqual(t, base.Key(), p.Key(), "Point.%s is not in the key", name)
		n++
	})
	assert.GreaterOrEqual(t, n, 12, "fields seen")
}

// resultNeutral are the Spec fields that cannot change any point's row;
// every other field must reach the points through Settings (or be the axes
// and puzzles, from which Points builds them).
var resultNeutral = map[string]string{
	"Axes":     "each axis value is a Point field",
	"Puzzles":  "each puzzle's name and GridHash are Point fields",
	"Jobs":     "how many points run at once",
	"Shard":    "which points this process runs",
	"Out":      "where rows are written",
	"Progress": "where the bar is drawn",
}

// TestSpecFieldsAreClassified: a field added to Spec must either be a
// setting (a Settings field of the same name, which settings() copies into
// every point, so changing it changes every key) or be declared
// result-neutral above. A new setting left out of the key fails here.
func TestSpecFieldsAreClassified(t *testing.T) {
	st := reflect.TypeOf(Settings{})
	base := tinySpec(t, t.TempDir())
	basePts, err := base.Points()
	require.NoError(t, err)
	specType := reflect.TypeOf(base)
	for i := 0; i < specType.NumField(); i++ {
		name := specType.Field(i).Name
		if why, ok := resultNeutral[name]; ok {
			t.Logf("Spec.%s is result-neutral: %s", name, why)
			continue
		}
		if _, ok := st.FieldByName(name); !ok {
			t.Errorf("Spec.%s is neither a Settings field (in every point's key) nor declared result-neutral", name)
			continue
		}
		s := base
		f := reflect.ValueOf(&s).Elem().Field(i)
		switch name { // values settings() accepts
		case "Mode":
			f.SetString("cycle")
		case "Device":
			f.SetString("EP2C70")
		case "Link":
			f.Set(reflect.ValueOf(bnb.LinkUART))
		default:
			setOther(t, f, name)
		}
		pts, err := s.Points()
		require.NoError(t, err, name)
		require.Len(t, pts, len(basePts))
		for j := range pts {
			assert.NotEqual(t, basePts[j].Key(), pts[j].Key(), "changing Spec.%s leaves the key of %s alone", name, pts[j].Puzzle)
		}
	}
	// Every Settings field has its Spec field, so settings() can fill it.
	for i := 0; i < st.NumField(); i++ {
		_, ok := specType.FieldByName(st.Field(i).Name)
		assert.True(t, ok, "Settings.%s has no Spec field", st.Field(i).Name)
	}
}

// TestAxesReachThePoints: two values on any axis give points of two keys;
// a new axis without a case here fails.
func TestAxesReachThePoints(t *testing.T) {
	two := map[string]any{
		"CPC":         []int{1, 2},
		"Heuristics":  []string{"none", "paper"},
		"MaxOrders":   []int{3, 15},
		"ClockMHz":    []float64{50, 100},
		"SubsetUnits": []int{1, 16},
	}
	at := reflect.TypeOf(Axes{})
	for i := 0; i < at.NumField(); i++ {
		name := at.Field(i).Name
		vals, ok := two[name]
		if !assert.True(t, ok, "Axes.%s: add two values to this test", name) {
			continue
		}
		s := tinySpec(t, t.TempDir())
		s.Axes = Axes{CPC: []int{1}, Heuristics: []string{"paper"}, MaxOrders: []int{3}, ClockMHz: []float64{100}, SubsetUnits: []int{1}}
		reflect.ValueOf(&s.Axes).Elem().Field(i).Set(reflect.ValueOf(vals))
		pts, err := s.Points()
		require.NoError(t, err, name)
		keys := map[string]bool{}
		for _, p := range pts {
			keys[p.Key()] = true
		}
		assert.Len(t, keys, 2*len(s.Puzzles), "Axes.%s", name)
	}
}

// TestGridHash: the hash follows the cells, not the name.
func TestGridHash(t *testing.T) {
	a, b := sudoku.Sample(), sudoku.Sample()
	assert.Equal(t, GridHash(a), GridHash(b))
	assert.Len(t, GridHash(a), 16)
	for i, v := range b.Cells {
		if v != 0 {
			b.Cells[i] = 0
			break
		}
	}
	assert.NotEqual(t, GridHash(a), GridHash(b))
}
