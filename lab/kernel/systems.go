package kernel

import "github.com/avrlab/avrlab/internal/textf"

// The descriptions of the kernels whose references link much (the P-192 systems on math/big and
// crypto's SHA, Ring-LWE, SNEIKHA256 and SNEIKEN128): their calls, arguments and documentation, in every
// build. Their references (gen, edges, check, run: p192ecc.go, rlwe.go, sneikha.go, sneiken.go) are
// attached by withReference in every build but the page's engine (build tag avrlab_core,
// systems_core.go), which knows these tasks, to list them and send their benches to tools.wasm
// ([Kernel.HasReference]), and links none of their arithmetic.

// Defaults of the P-192 kernels' benches: a call is millions of cycles, so the harness runs few
// random vectors and constant-time inputs, and allows more cycles per call than its default.
const (
	p192Vectors   = 6           // vectors besides the first: the fixed vectors, then random
	p192VerifyVec = 9           // verify has 8 fixed vectors (4 valid, 4 invalid): 2 random after them
	p192CTInputs  = 4           // constant-time inputs
	p192MaxCycles = 200_000_000 // per call; a scalar multiplication in AVR assembly is 10^7 cycles
)

const (
	scalarDoc = "24-byte integer, " + mpDoc
	pointDoc  = "48-byte affine point x || y, each coordinate 24 bytes " + mpDoc + " and below p"
)

func p192ScalarMulKernel() *Kernel {
	return withReference(&Kernel{
		ID: "p192-scalarmul", Name: "P-192 scalar multiplication, any base", Entry: "p192_scalarmul", Device: "atmega128",
		Official: "NIST CAVP ECC CDH P-192, COUNT 0",
		Args: []Arg{
			{"r", Pointer, 48, Out, "k·P as an affine point x || y, each coordinate fully reduced below p, " + mpDoc},
			{"k", Pointer, 24, In, "the scalar, " + scalarDoc + "; 1 ≤ k ≤ n − 1 (n the order of G)"},
			{"p", Pointer, 48, In, pointDoc + "; a point of the curve (not the point at infinity)"},
		},
		Doc: "r = k·P on NIST P-192 (FIPS 186-4 D.1.2.1), affine in and out, for any point P of the curve " +
			"(variable base, as in ECDH: the NIST CAVP ECC CDH vectors run first) and 1 ≤ k < n; r does not " +
			"overlap k or p. Liu et al. (ICICS 2013) give ECDH, two such multiplications, as context.",
		Vectors: p192Vectors, CTInputs: p192CTInputs, MaxCycles: p192MaxCycles,
	})
}

func p192SignKernel() *Kernel {
	return withReference(&Kernel{
		ID: "p192-ecdsa-sign", Name: "P-192 ECDSA signature (nonce given)", Entry: "p192_ecdsa_sign", Device: "atmega128",
		Official: "RFC 6979 A.2.3, the first P-192 signature",
		Args: []Arg{
			{"sig", Pointer, 48, Out, "the signature r || s, each 24 bytes " + mpDoc + ", in [1, n−1]"},
			{"d", Pointer, 24, In, "the private key, " + scalarDoc + "; 1 ≤ d ≤ n − 1"},
			{"k", Pointer, 24, In, "the nonce, " + scalarDoc + "; 1 ≤ k ≤ n − 1, and r, s ≠ 0"},
			{"e", Pointer, 24, In, "the hash integer e = bits2int(H(m)) (the digest's leftmost 192 bits), " + scalarDoc + "; any value"},
		},
		Doc: "ECDSA signing on NIST P-192 (FIPS 186-4 6.4) with the nonce k given, so the call is deterministic: " +
			"R = k·G, r = R.x mod n, s = k⁻¹(e + r·d) mod n. RFC 6979 A.2.3's four signatures (SHA-1 and SHA-256, " +
			"with the k the RFC derives) run first. Liu et al. (ICICS 2013) give ECDSA sign + verify as context.",
		Vectors: p192Vectors, CTInputs: p192CTInputs, MaxCycles: p192MaxCycles,
	})
}

func p192VerifyKernel() *Kernel {
	return withReference(&Kernel{
		ID: "p192-ecdsa-verify", Name: "P-192 ECDSA verification", Entry: "p192_ecdsa_verify", Device: "atmega128",
		Official: "RFC 6979 A.2.3, the first P-192 signature",
		Args: []Arg{
			{"ok", Pointer, 1, Out, "1 if the signature is valid, 0 if not"},
			{"q", Pointer, 48, In, "the public key Q = d·G, " + pointDoc},
			{"e", Pointer, 24, In, "the hash integer e = bits2int(H(m)), " + scalarDoc + "; any value"},
			{"sig", Pointer, 48, In, "the signature r || s, each 24 bytes " + mpDoc + "; any value (r or s outside [1, n−1] is invalid)"},
		},
		Doc: "ECDSA verification on NIST P-192 (FIPS 186-4 6.4.2): with w = s⁻¹ mod n, valid when r, s are in " +
			"[1, n−1] and the x of (e·w)·G + (r·w)·Q is r mod n. RFC 6979 A.2.3's four signatures run first, then " +
			"each of them with s + 1 (invalid); random inputs are valid and tampered signatures in equal measure.",
		Vectors: p192VerifyVec, CTInputs: p192CTInputs, MaxCycles: p192MaxCycles,
	})
}

// Ring-LWE public-key encryption (Lyubashevsky–Peikert–Regev, in the form of Roy et al., CHES 2014,
// de Clercq et al., DATE 2015, and Liu et al., CHES 2015) over R_q = Z_q[x]/(x^256 + 1), q = 7681, the
// medium-term parameters of Liu et al. (../shared/data/vectors-systems.json, ringlwe_liu2015): every
// polynomial of the public key, the secret and the ciphertext is kept in the NTT domain ([NTT]'s
// bit-reversed order), so a ring product is a coefficient-wise one:
//
//	KeyGen:  ã uniform; r1, r2 ← D_σ;  p̃ = NTT(r1) − ã∘NTT(r2);  public (ã, p̃), secret r̃2 = NTT(r2)
//	Enc(m):  e1, e2, e3 ← D_σ;  c̃1 = ã∘NTT(e1) + NTT(e2);  c̃2 = p̃∘NTT(e1) + NTT(e3 + encode(m))
//	Dec:     m = decode(InverseNTT(c̃1∘r̃2 + c̃2))
//
// encode puts message bit i (bit i%8 of byte i/8) into coefficient i as 0 or ⌊q/2⌋ = 3840; decode
// reads a coefficient c in [0, q) as 1 iff q/4 < c < 3q/4, that is 1920 < c < 5760 (the de Clercq/Roy
// code's QBY2, QBY4, QBY4_TIMES3). The error polynomials come from the discrete Gaussian with s =
// 11.31 (σ = s/√(2π) ≈ 4.51); the tasks' calls receive them already sampled (see the kernels' Doc).
const (
	RLWEMsgBytes = NTTN / 8 // a message: 256 bits, one per coefficient
	RLWEQBy2     = 3840     // ⌊q/2⌋, the encoding of a 1 bit
	RLWEQBy4     = 1920     // decode: 1 iff RLWEQBy4 < c < RLWE3QBy4
	RLWE3QBy4    = 5760
	// RLWESigma is the standard deviation of the error distribution, s/√(2π) with s = 11.31.
	RLWESigma = 11.31 / 2.5066282746310002
)

const rlweBoundary = " The published figures (Liu et al., CHES 2015: 672k cycles encryption, 276k decryption, " +
	"590k key generation on the ATxmega128) include sampling the error polynomials with a Knuth-Yao " +
	"sampler and its random bytes; this call receives them already sampled, so that it is deterministic " +
	"and checkable, and its cycles leave the sampling out."

const rlweVectors = " No official vectors exist (vectors-systems.json: parameters only); the checks are " +
	"the NTT's, decryption of encryptions (every bit whose noise is below q/4 comes back), and a " +
	"schoolbook negacyclic product mod x^256 + 1 computing the same ciphertexts in the tests."

func polyDoc(what string) string {
	return what + ": 256 coefficients, each a 16-bit little-endian word below q = 7681"
}

func rlweEncKernel() *Kernel {
	k := &Kernel{
		ID: "rlwe256-enc", Name: "Ring-LWE encryption, n = 256, q = 7681", Entry: "rlwe256_enc", Device: "atxmega128a1",
		Args: []Arg{
			{"c1", Pointer, 2 * NTTN, Out, polyDoc("c̃1 = ã∘NTT(e1) + NTT(e2), NTT domain (bit-reversed order as ntt256 leaves it)")},
			{"c2", Pointer, 2 * NTTN, Out, polyDoc("c̃2 = p̃∘NTT(e1) + NTT(e3 + encode(m)), NTT domain")},
			{"a", Pointer, 2 * NTTN, In, polyDoc("the public ã, NTT domain (uniform)")},
			{"p", Pointer, 2 * NTTN, In, polyDoc("the public p̃ = NTT(r1) − ã∘NTT(r2), NTT domain")},
			{"m", Pointer, RLWEMsgBytes, In, "the 256-bit message, bit i (bit i%8 of byte i/8) encoded in coefficient i as 0 or 3840"},
			{"e1", Pointer, 2 * NTTN, In, polyDoc("the error polynomial e1, natural order, residues mod q of discrete Gaussian samples (σ ≈ 4.51)")},
			{"e2", Pointer, 2 * NTTN, In, polyDoc("the error polynomial e2, natural order, residues mod q")},
			{"e3", Pointer, 2 * NTTN, In, polyDoc("the error polynomial e3, natural order, residues mod q")},
		},
		Doc: "rlwe256_enc(c1, c2, a, p, m, e1, e2, e3): Ring-LWE encryption (Lyubashevsky-Peikert-Regev as in Roy et al. " +
			"and Liu et al.; kernel.RLWEEncrypt) with the medium-term parameters n = 256, q = 7681, public key and " +
			"ciphertext in the NTT domain of ntt-256. The call receives the message and the three sampled error " +
			"polynomials (any coefficients below q are valid; random inputs draw them from the discrete Gaussian and " +
			"the key from kernel.RLWEKeyGen)." + rlweBoundary + rlweVectors,
		MaxCycles: 3_000_000,
	}
	return withReference(k)
}

func rlweDecKernel() *Kernel {
	k := &Kernel{
		ID: "rlwe256-dec", Name: "Ring-LWE decryption, n = 256, q = 7681", Entry: "rlwe256_dec", Device: "atxmega128a1",
		Args: []Arg{
			{"m", Pointer, RLWEMsgBytes, Out, "the 256-bit message: bit i (bit i%8 of byte i/8) is 1 iff coefficient i of InverseNTT(c̃1∘r̃2 + c̃2) lies in (1920, 5760)"},
			{"c1", Pointer, 2 * NTTN, In, polyDoc("the ciphertext's c̃1, NTT domain (bit-reversed order)")},
			{"c2", Pointer, 2 * NTTN, In, polyDoc("the ciphertext's c̃2, NTT domain")},
			{"r2", Pointer, 2 * NTTN, In, polyDoc("the secret r̃2 = NTT(r2), NTT domain")},
		},
		Doc: "rlwe256_dec(m, c1, c2, r2): Ring-LWE decryption (kernel.RLWEDecrypt), m = decode(InverseNTT(c̃1∘r̃2 + c̃2)), " +
			"n = 256, q = 7681. Any coefficients below q are valid; random inputs are encryptions (kernel.RLWEEncrypt) " +
			"of random messages under random keys (kernel.RLWEKeyGen), so the output is mostly the message. The " +
			"published decryption has no sampling, so this boundary is the published one." + rlweVectors,
		MaxCycles: 2_000_000,
	}
	return withReference(k)
}

func rlweKeyGenKernel() *Kernel {
	k := &Kernel{
		ID: "rlwe256-keygen", Name: "Ring-LWE key generation, n = 256, q = 7681", Entry: "rlwe256_keygen", Device: "atxmega128a1",
		Args: []Arg{
			{"p", Pointer, 2 * NTTN, Out, polyDoc("the public p̃ = NTT(r1) − ã∘NTT(r2), NTT domain (bit-reversed order)")},
			{"r2t", Pointer, 2 * NTTN, Out, polyDoc("the secret r̃2 = NTT(r2), NTT domain (rlwe256-dec's r2)")},
			{"a", Pointer, 2 * NTTN, In, polyDoc("the public ã, NTT domain (uniform)")},
			{"r1", Pointer, 2 * NTTN, In, polyDoc("the error polynomial r1, natural order, residues mod q of discrete Gaussian samples (σ ≈ 4.51)")},
			{"r2", Pointer, 2 * NTTN, In, polyDoc("the error polynomial r2, natural order, residues mod q")},
		},
		Doc: "rlwe256_keygen(p, r2t, a, r1, r2): Ring-LWE key generation (kernel.RLWEKeyGen), p̃ = NTT(r1) − ã∘NTT(r2) and " +
			"r̃2 = NTT(r2), n = 256, q = 7681. The call receives ã and the two sampled error polynomials (any coefficients " +
			"below q are valid; random inputs draw ã uniform and r1, r2 from the discrete Gaussian)." + rlweBoundary + rlweVectors,
		MaxCycles: 2_000_000,
	}
	return withReference(k)
}

// SNEIKHA256MaxLen is the longest message the sneikha256 kernel's buffer holds; its random inputs hash
// messages of exactly this length, so that their cycle counts compare.
const SNEIKHA256MaxLen = 128

func sneikhaKernel() *Kernel {
	return withReference(&Kernel{
		ID: "sneikha256", Name: "SNEIKHA256 hash (SNEIK v1.1)", Entry: "sneikha256", Device: "atmega2560",
		Official: "the designers' LWC_HASH_KAT_256, Count 1",
		Args: []Arg{
			{"md", Pointer, 32, Out, "the 32-byte digest"},
			{"msg", Pointer, SNEIKHA256MaxLen, In, textf.Sprintf("the message: its first len bytes (a %d-byte buffer)", SNEIKHA256MaxLen)},
			{"len", Byte, 1, In, textf.Sprintf("message length 0..%d; random inputs use %d, the edge inputs the KAT lengths 0, 1, 33 and 31, 32, 64, 127", SNEIKHA256MaxLen, SNEIKHA256MaxLen)},
		},
		Public: []string{"len"},
		Doc: "sneikha256(md, msg, len): the SNEIKHA256 digest of msg[0..len-1] (BLNK2 sponge over f512, rate 32 bytes, " +
			"8 rounds), the designers' crypto_hash with the length as a byte.",
	})
}

// SNEIKEN128 sizes (bytes): a 16-byte key and nonce and an 8-byte tag (SNEIK v1.1 specification,
// section 4: k = n = 128, t = 64 bits; the designers' crypto_aead/sneiken128/api.h agrees).
const (
	SNEIKEN128KeySize   = 16
	SNEIKEN128NonceSize = 16
	SNEIKEN128TagSize   = 8
	// SNEIKEN128MaxLen is the longest plaintext and associated data the sneiken128 kernels' buffers
	// hold; their random inputs use exactly this length for both, so that cycle counts compare.
	SNEIKEN128MaxLen = 128
)

const sneikenArgsDoc = "; the KAT's 00 01 .. 0f for the edge inputs"

// sneikenCommonArgs are the last three arguments of both kernels: the associated data's length, the
// nonce and the key.
func sneikenCommonArgs() []Arg {
	return []Arg{
		{"adlen", Byte, 1, In, textf.Sprintf("associated data length 0..%d; random inputs use %d", SNEIKEN128MaxLen, SNEIKEN128MaxLen)},
		{"npub", Pointer, SNEIKEN128NonceSize, In, "the 16-byte public nonce" + sneikenArgsDoc},
		{"k", Pointer, SNEIKEN128KeySize, In, "the 16-byte secret key" + sneikenArgsDoc},
	}
}

func sneikenEncKernel() *Kernel {
	return withReference(&Kernel{
		ID: "sneiken128-enc", Name: "SNEIKEN128 AEAD encryption (v1.1)", Entry: "sneiken128_encrypt", Device: "atmega2560",
		Official: "the designers' LWC_AEAD_KAT_128_128, Count 1",
		Args: append([]Arg{
			{"c", Pointer, SNEIKEN128MaxLen + SNEIKEN128TagSize, Out, "the ciphertext (mlen bytes) then the 8-byte tag, the KAT's CT; the bytes after them are left alone"},
			{"m", Pointer, SNEIKEN128MaxLen, In, textf.Sprintf("the plaintext: its first mlen bytes (a %d-byte buffer)", SNEIKEN128MaxLen)},
			{"mlen", Byte, 1, In, textf.Sprintf("plaintext length 0..%d; random inputs use %d", SNEIKEN128MaxLen, SNEIKEN128MaxLen)},
			{"ad", Pointer, SNEIKEN128MaxLen, In, textf.Sprintf("the associated data: its first adlen bytes (a %d-byte buffer)", SNEIKEN128MaxLen)},
		}, sneikenCommonArgs()...),
		Public: []string{"mlen", "adlen"},
		Doc: "sneiken128_encrypt(c, m, mlen, ad, adlen, npub, k): SNEIKEN128 (BLNK2 over f512, 6 rounds, rate 48 bytes, " +
			"8-byte tag), the designers' crypto_aead_encrypt with the lengths as bytes. The KAT entries Count 1 (empty " +
			"message and data: the official vector), 34, 545 and 1089 run first, then lengths around the 48-byte rate " +
			"and the 64-byte full-state rate.",
	})
}

func sneikenDecKernel() *Kernel {
	return withReference(&Kernel{
		ID: "sneiken128-dec", Name: "SNEIKEN128 AEAD decryption (v1.1)", Entry: "sneiken128_decrypt", Device: "atmega2560",
		Official: "the designers' LWC_AEAD_KAT_128_128, Count 1",
		Args: append([]Arg{
			{"m", Pointer, SNEIKEN128MaxLen, Out, "the plaintext (mlen bytes), all zero when the tag is invalid; the bytes after them are left alone"},
			{"ok", Pointer, 1, Out, "1 if the tag is valid, 0 if not"},
			{"c", Pointer, SNEIKEN128MaxLen + SNEIKEN128TagSize, In, "the ciphertext (mlen bytes) then its 8-byte tag, the KAT's CT"},
			{"mlen", Byte, 1, In, textf.Sprintf("ciphertext length without the tag, 0..%d; random inputs use %d", SNEIKEN128MaxLen, SNEIKEN128MaxLen)},
			{"ad", Pointer, SNEIKEN128MaxLen, In, textf.Sprintf("the associated data: its first adlen bytes (a %d-byte buffer)", SNEIKEN128MaxLen)},
		}, sneikenCommonArgs()...),
		Public: []string{"mlen", "adlen"},
		Doc: "sneiken128_decrypt(m, ok, c, mlen, ad, adlen, npub, k): SNEIKEN128 decryption and tag check, the designers' " +
			"crypto_aead_decrypt with the lengths as bytes and the verdict in ok; an invalid tag leaves m all zero " +
			"(no unverified plaintext is released). The KAT ciphertexts run first (Count 1, the official vector), then " +
			"the encryption kernel's length edges, then Count 1089 with one bit of the tag, of the ciphertext and of the " +
			"associated data flipped; random inputs are valid and tampered in equal measure.",
	})
}
