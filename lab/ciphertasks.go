package lab

import "github.com/avrlab/avrlab/lab/cipher"

// cipherTask is one row of [cipherTasks]: what defines a block-cipher task. Everything else of its
// [Task] is derived the same way for every row (see newCipherTask): block, key and round-key sizes
// from the reference, the entry and round-key symbols from sym, the official vector from vector.
type cipherTask struct {
	id     string // the task ID, e.g. "speck64-128"
	name   string // Task.Name, e.g. "SPECK-64/128 (27 rounds)"
	cipher string // the published-rows name, e.g. "SPECK-64/128"
	// sym is the prefix of the default symbols: sym_encrypt (the entry), sym_decrypt (the decrypt
	// scenario's entry) and sym_rk (the round-key table).
	sym      string
	device   string // the part the published figures were measured on
	scenario string // the default scenario, "" = fixed-key
	ecrypt   string // Task.ECRYPT: the prefix of the task's rows in the ATtiny45 table, "" for none
	layout   string // the memory layout of block, key and round keys, for `avrlab tasks -v`
	vector   vectorKey
	ref      cipher.Cipher // the Go reference that checks the task (package cipher, one file per cipher)
	// cpa, when not nil, is the first round the leakage assessment's CPA attacks (leakcpa.go).
	cpa func() *cpaTarget
}

// vectorKey selects a task's official test vector: the first of the embedded vector files
// (../shared/data/vectors.json, vectors-attiny45.json, vectors-systems.json) whose cipher (family),
// variant and revision or mode match; revision "" matches any. In vectors-systems.json the family and
// the variant are both the algorithm's key ("idea").
type vectorKey struct{ family, variant, revision string }

// chamLayout is the layout of every CHAM task.
const chamLayout = "block: the words X[0..3] each little-endian, X[0] first; round keys: RK[0..2k/w-1] each " +
	"a little-endian word (round i uses RK[i mod 2k/w]); key: K[0..] little-endian words"

// cipherTasks returns the block-cipher tasks, in the order `avrlab tasks` lists them. Adding a cipher
// task is adding a row here (and, for a new cipher, its reference in package cipher).
func cipherTasks() []cipherTask {
	return []cipherTask{
		// CHAM (ICISC'17) and its 2019 revision, which adds rounds.
		{id: "cham64-128", name: "CHAM-64/128 (ICISC'17, 80 rounds)", cipher: "CHAM-64/128", sym: "cham64_128", device: "atmega128",
			layout: chamLayout, vector: vectorKey{"CHAM", "CHAM-64/128", "original-2017"}, ref: cipher.CHAM64_128(80)},
		{id: "cham128-128", name: "CHAM-128/128 (ICISC'17, 80 rounds)", cipher: "CHAM-128/128", sym: "cham128_128", device: "atmega128",
			layout: chamLayout, vector: vectorKey{"CHAM", "CHAM-128/128", "original-2017"}, ref: cipher.CHAM128_128(80)},
		{id: "cham128-256", name: "CHAM-128/256 (ICISC'17, 96 rounds)", cipher: "CHAM-128/256", sym: "cham128_256", device: "atmega128",
			layout: chamLayout, vector: vectorKey{"CHAM", "CHAM-128/256", "original-2017"}, ref: cipher.CHAM128_256(96)},
		{id: "cham64-128-r19", name: "CHAM-64/128 (2019 revision, 88 rounds)", cipher: "CHAM-64/128", sym: "cham64_128", device: "atmega128",
			layout: chamLayout, vector: vectorKey{"CHAM", "CHAM-64/128", "revised-2019"}, ref: cipher.CHAM64_128(88)},
		{id: "cham128-128-r19", name: "CHAM-128/128 (2019 revision, 112 rounds)", cipher: "CHAM-128/128", sym: "cham128_128", device: "atmega128",
			layout: chamLayout, vector: vectorKey{"CHAM", "CHAM-128/128", "revised-2019"}, ref: cipher.CHAM128_128(112)},
		{id: "cham128-256-r19", name: "CHAM-128/256 (2019 revision, 120 rounds)", cipher: "CHAM-128/256", sym: "cham128_256", device: "atmega128",
			layout: chamLayout, vector: vectorKey{"CHAM", "CHAM-128/256", "revised-2019"}, ref: cipher.CHAM128_256(120)},

		// SPECK and SIMON.
		{id: "speck64-96", name: "SPECK-64/96 (26 rounds)", cipher: "SPECK-64/96", sym: "speck64_96", device: "atmega128",
			layout: "block: y then x, each a 32-bit little-endian word; round keys: k[0..25] each a 32-bit little-endian word, round 0 first",
			vector: vectorKey{"SPECK", "SPECK 64/96", ""}, ref: mustCipher(cipher.Speck(64, 96))},
		{id: "speck64-128", name: "SPECK-64/128 (27 rounds)", cipher: "SPECK-64/128", sym: "speck64_128", device: "atmega128",
			layout: "block: y then x, each a 32-bit little-endian word; round keys: k[0..26] each a 32-bit little-endian word, round 0 first",
			vector: vectorKey{"SPECK", "SPECK 64/128", ""}, ref: mustCipher(cipher.Speck(64, 128))},
		{id: "speck128-128", name: "SPECK-128/128 (32 rounds)", cipher: "SPECK-128/128", sym: "speck128_128", device: "atmega128",
			layout: "block: y then x, each a 64-bit little-endian word; round keys: k[0..31] each a 64-bit little-endian word, round 0 first",
			vector: vectorKey{"SPECK", "SPECK 128/128", ""}, ref: mustCipher(cipher.Speck(128, 128))},
		{id: "speck128-192", name: "SPECK-128/192 (33 rounds)", cipher: "SPECK-128/192", sym: "speck128_192", device: "atmega128",
			layout: "block: y then x, each a 64-bit little-endian word; round keys: k[0..32] each a 64-bit little-endian word, round 0 first",
			vector: vectorKey{"SPECK", "SPECK 128/192", ""}, ref: mustCipher(cipher.Speck(128, 192))},
		{id: "speck128-256", name: "SPECK-128/256 (34 rounds)", cipher: "SPECK-128/256", sym: "speck128_256", device: "atmega128",
			layout: "block: y then x, each a 64-bit little-endian word; round keys: k[0..33] each a 64-bit little-endian word, round 0 first",
			vector: vectorKey{"SPECK", "SPECK 128/256", ""}, ref: mustCipher(cipher.Speck(128, 256))},
		{id: "simon64-128", name: "SIMON-64/128 (44 rounds)", cipher: "SIMON-64/128", sym: "simon64_128", device: "atmega128",
			layout: "block: y then x, each a 32-bit little-endian word; round keys: k[0..43] each a 32-bit little-endian word, round 0 first",
			vector: vectorKey{"SIMON", "SIMON 64/128", ""}, ref: mustCipher(cipher.Simon(64, 128))},
		{id: "simon128-128", name: "SIMON-128/128 (68 rounds)", cipher: "SIMON-128/128", sym: "simon128_128", device: "atmega128",
			layout: "block: y then x, each a 64-bit little-endian word; round keys: k[0..67] each a 64-bit little-endian word, round 0 first",
			vector: vectorKey{"SIMON", "SIMON 128/128", ""}, ref: mustCipher(cipher.Simon(128, 128))},

		// LEA and HIGHT. HIGHT is an ATmega128 fixed-key task with a row in the ATtiny45 table too:
		// measured with -device attiny45 -scenario encrypt-ks (or decrypt-ks), its report prints the
		// ECRYPT row HIGHT v1.
		{id: "lea128", name: "LEA-128 (24 rounds)", cipher: "LEA-128/128", sym: "lea128", device: "atmega128",
			layout: "block: X[0..3] 32-bit little-endian words; round keys: 24 rounds x 6 32-bit LE words (RK[i][0..5])",
			vector: vectorKey{"LEA", "LEA-128", ""}, ref: cipher.LEA128()},
		{id: "hight64-128", name: "HIGHT-64/128 (32 rounds)", cipher: "HIGHT-64/128", sym: "hight64_128", device: "atmega128", ecrypt: "HIGHT",
			layout: "block: P[0..7] bytes; round keys: WK0..WK7 whitening bytes then SK0..SK127 subkey bytes (136 bytes)",
			vector: vectorKey{"HIGHT", "HIGHT-64/128", ""}, ref: cipher.HIGHT()},

		// The block ciphers of the ATtiny45 collection (Eisenbarth et al., Africacrypt 2012), measured
		// there with the key scheduled in every call (scenario encrypt-ks) on the ATtiny45.
		{id: "aes128", name: "AES-128 (FIPS-197)", cipher: "AES-128", sym: "aes128", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "AES",
			layout: "block: in0..in15 as FIPS-197 prints them; key: the 16 key bytes; round keys: w[0..43], 176 bytes, round r XORs bytes 16r..16r+15",
			vector: vectorKey{"AES", "AES-128", ""}, ref: cipher.AES128(), cpa: aesCPA},
		{id: "present80", name: "PRESENT-80 (31 rounds)", cipher: "PRESENT-80", sym: "present80", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "PRESENT",
			layout: "block and key: little-endian integers (the printed hex reversed); round keys: K1..K32, each a 64-bit little-endian integer (256 bytes)",
			vector: vectorKey{"PRESENT", "PRESENT-80", ""}, ref: cipher.PRESENT80(), cpa: presentCPA},
		{id: "noekeon-direct", name: "NOEKEON-128/128, direct key (16 rounds)", cipher: "NOEKEON-128/128", sym: "noekeon", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "NOEKEON",
			layout: "block and key: four 32-bit words, each big-endian; round keys: the 16-byte working key (the key itself)",
			vector: vectorKey{"NOEKEON", "NOEKEON-128/128", "direct-key"}, ref: cipher.NOEKEONDirect()},
		{id: "noekeon-indirect", name: "NOEKEON-128/128, indirect key (16 rounds)", cipher: "NOEKEON-128/128", sym: "noekeon", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "NOEKEON",
			layout: "block and key: four 32-bit words, each big-endian; round keys: the 16-byte working key (the key encrypted under the zero key)",
			vector: vectorKey{"NOEKEON", "NOEKEON-128/128", "indirect-key"}, ref: cipher.NOEKEONIndirect()},
		{id: "tea64-128", name: "TEA-64/128 (32 cycles)", cipher: "TEA-64/128", sym: "tea", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "TEA",
			layout: "block: v0, v1, 32-bit little-endian words; key: k0..k3, 32-bit little-endian; round keys: the key itself (16 bytes)",
			vector: vectorKey{"TEA", "TEA-64/128", ""}, ref: cipher.TEA()},
		{id: "klein64", name: "KLEIN-64 (12 rounds)", cipher: "KLEIN-64", sym: "klein64", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "KLEIN",
			layout: "block and key: bytes in printed order; round keys: sk_1..sk_13, 8 bytes each (104 bytes)",
			vector: vectorKey{"KLEIN", "KLEIN-64", ""}, ref: mustCipher(cipher.KLEIN(64))},
		{id: "katan64", name: "KATAN-64 (254 rounds)", cipher: "KATAN-64", sym: "katan64", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "KATAN",
			layout: "block and key: little-endian integers (bit i of the integer is bit i of the state/key); round keys: key bits k0..k507 packed little-endian (64 bytes)",
			vector: vectorKey{"KATAN", "KATAN-64", ""}, ref: cipher.KATAN64()},
		{id: "idea", name: "IDEA (8 rounds + output transformation)", cipher: "IDEA", sym: "idea", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "IDEA",
			layout: "block: X1..X4 and key: Z1..Z8, 16-bit words each big-endian as printed; round keys: the 52 subkeys Z1..Z52, each big-endian (104 bytes)",
			vector: vectorKey{"idea", "idea", ""}, ref: cipher.IDEA()},
		{id: "kasumi64", name: "KASUMI (3GPP TS 35.202, 8 rounds)", cipher: "KASUMI", sym: "kasumi", device: "attiny45", scenario: ScenarioEncryptKS, ecrypt: "KASUMI",
			layout: "block: L0||R0 and key: K1..K8, big-endian as 3GPP prints them; round keys: per round KL1 KL2 KO1 KO2 KO3 KI1 KI2 KI3, 16-bit big-endian (128 bytes)",
			vector: vectorKey{"kasumi64", "kasumi64", ""}, ref: cipher.KASUMI()},
	}
}

// mustCipher returns c, the reference of a row whose constructor takes sizes: an error means the row
// names sizes the cipher does not define, a bug in the table.
func mustCipher(c cipher.Cipher, err error) cipher.Cipher {
	if err != nil {
		panic("lab: internal error: " + err.Error())
	}
	return c
}
