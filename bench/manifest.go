package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ManifestName is the file in a sweep's output directory that says which
// sweep and which shard of it the directory holds; Merge reads it to refuse
// shards of different sweeps and to find missing or unfinished shards.
const ManifestName = "sweep.json"

// Manifest is the content of sweep.json.
type Manifest struct {
	// Sweep identifies the whole sweep (all shards): SweepID of its points.
	Sweep string `json:"sweep"`
	// Shard is "i/n" ("0/1" for a whole sweep or a merge).
	Shard string `json:"shard"`
	// Total is the number of points of the whole sweep.
	Total int `json:"total_points"`
	// Points are the shard's points in sweep order.
	Points []Point `json:"points"`
}

// SweepID is the identity of a sweep: the first 64 bits of the SHA-256 of
// its points' keys in order, in hex. The keys hold every setting and every
// puzzle's hash, and the order fixes which shard runs which point, so two
// sweeps of one ID split into the same shards.
func SweepID(all []Point) string {
	h := sha256.New()
	for _, p := range all {
		h.Write([]byte(p.Key()))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// String spells a shard "i/n", the whole sweep "0/1".
func (s Shard) String() string {
	if s.N <= 1 {
		return "0/1"
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// writeManifest replaces dir's sweep.json (through a temporary file and a
// rename, so a killed process leaves the old one or the new one).
func writeManifest(dir string, m Manifest) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return fmt.Errorf("bench: %s: %w", ManifestName, err)
	}
	tmp := filepath.Join(dir, ManifestName+".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, ManifestName))
}

// ReadManifest reads dir's sweep.json.
func ReadManifest(dir string) (Manifest, error) {
	path := filepath.Join(dir, ManifestName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Manifest{}, fmt.Errorf("bench: %s has no %s: not the output of a sweep", dir, ManifestName)
	}
	if err != nil {
		return Manifest{}, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return Manifest{}, fmt.Errorf("bench: %s: %v", path, err)
	}
	if m.Sweep == "" {
		return Manifest{}, fmt.Errorf("bench: %s: no sweep identity", path)
	}
	return m, nil
}
