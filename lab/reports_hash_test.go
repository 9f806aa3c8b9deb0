package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/avrlab/avrlab/examples"
)

// reportHashes are the SHA-256 of the JSON reports of examples benched with their defaults (100
// vectors, 64 constant-time inputs, the default seed), taken from main 84fcff2 before session 16
// changed how the harness draws a kernel's vectors (the edge inputs made once a bench, the NTT's
// reference on a stack array): every byte of a report must stay the same.
var reportHashes = map[string]string{
	"ntt256-xmega.S":  "9d85ea891b46919a3f68e3ea3beb9d6918926b7acd0ccf8475afcff53ae537cb",
	"intt256-xmega.S": "0af3675724c3e6b92f4bb242292a0e6b8bdf1785851ba6830c18f446a601e7b1",
	"mpmul160.S":      "7929fd49fc8a9089db33d4edec8c3d7b8693f0b62649745234fa07af9ede0f1e",
	"sneik-f512.S":    "25299222b135a9dc85711e5659100a7c61fe12a7eb9e348ad87e7418269fbda5",
	"cham64-v2.S":     "05ef2d137aeec0324b4c1e5ab53d76046475b60e906f5ee4201e5f525d57016a",
}

// TestReportHashes benches each example of reportHashes alone and then twice over one Machines (the
// page's worker: the second bench takes the first's vectors): all three reports hash as on main.
func TestReportHashes(t *testing.T) {
	for file, want := range reportHashes {
		var p Machines
		for i, o := range []Options{{}, {Machines: &p}, {Machines: &p}} {
			rep, _, err := BenchFile(examples.FS, file, o)
			if err != nil {
				t.Fatal(file, err)
			}
			j, err := json.Marshal(rep)
			if err != nil {
				t.Fatal(file, err)
			}
			sum := sha256.Sum256(j)
			if got := hex.EncodeToString(sum[:]); got != want {
				t.Errorf("%s, bench %d: report hashes %s, want %s", file, i, got, want)
			}
		}
	}
}
