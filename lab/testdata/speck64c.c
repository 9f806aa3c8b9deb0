/*
 * SPECK-64/128 in C for avr-gcc, used by the asm/loader tests and for benchmarking a compiled ELF.
 *
 * Memory layout (the lab's, and the NSA implementation guide's): a block is y then x, each a 32-bit
 * little-endian word (y = bytes 0..3, x = bytes 4..7); a key is k[0], l[0], l[1], l[2], each a 32-bit
 * little-endian word; the round-key table is k[0..26], round 0 first, little-endian words.
 * 27 rounds, alpha = 8, beta = 3; one round: x = (ROR(x, 8) + y) ^ k; y = ROL(y, 3) ^ x.
 *
 * The benchmark measures speck64_128_encrypt only; speck64_128_decrypt, speck64_128_keyschedule and
 * main are here so that the linked object looks like a real one, with functions that must not be counted.
 *
 * Build: avr-gcc -Os -mmcu=atmega128 -o speck64c.elf speck64c.c
 */
#include <stdint.h>

#define SPECK64_128_ROUNDS 27

#define INLINE static inline __attribute__((always_inline))

INLINE uint32_t ror32(uint32_t v, uint8_t n) { return (v >> n) | (v << (32 - n)); }
INLINE uint32_t rol32(uint32_t v, uint8_t n) { return (v << n) | (v >> (32 - n)); }

INLINE uint32_t load32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

INLINE void store32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* speck64_128_encrypt encrypts the 8-byte block in place with the 27 round keys at rk (108 bytes). */
__attribute__((noinline)) void speck64_128_encrypt(uint8_t *block, const uint8_t *rk)
{
	uint32_t y = load32(block);
	uint32_t x = load32(block + 4);
	for (uint8_t i = 0; i < SPECK64_128_ROUNDS; i++) {
		x = (ror32(x, 8) + y) ^ load32(rk + 4 * i);
		y = rol32(y, 3) ^ x;
	}
	store32(block, y);
	store32(block + 4, x);
}

/* speck64_128_decrypt undoes speck64_128_encrypt with the same round-key table. */
__attribute__((noinline)) void speck64_128_decrypt(uint8_t *block, const uint8_t *rk)
{
	uint32_t y = load32(block);
	uint32_t x = load32(block + 4);
	for (uint8_t i = SPECK64_128_ROUNDS; i-- > 0;) {
		y = ror32(y ^ x, 3);
		x = rol32((x ^ load32(rk + 4 * i)) - y, 8);
	}
	store32(block, y);
	store32(block + 4, x);
}

/* speck64_128_keyschedule expands the 16-byte key into the 27 round keys at rk (108 bytes). */
__attribute__((noinline)) void speck64_128_keyschedule(const uint8_t *key, uint8_t *rk)
{
	uint32_t k = load32(key);
	uint32_t l[3] = {load32(key + 4), load32(key + 8), load32(key + 12)};
	for (uint8_t i = 0; i < SPECK64_128_ROUNDS; i++) {
		store32(rk + 4 * i, k);
		if (i == SPECK64_128_ROUNDS - 1)
			break;
		/* l[i+3] = (k[i] + ROR(l[i], 8)) ^ i; k[i+1] = ROL(k[i], 3) ^ l[i+3] */
		uint32_t t = (ror32(l[i % 3], 8) + k) ^ i;
		l[i % 3] = t;
		k = rol32(k, 3) ^ t;
	}
}

/* The official vector (memory byte order), in .data so that the image has an init copy. */
uint8_t speck64_key[16] = {0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0a, 0x0b,
                           0x10, 0x11, 0x12, 0x13, 0x18, 0x19, 0x1a, 0x1b};
uint8_t speck64_block[8] = {0x2d, 0x43, 0x75, 0x74, 0x74, 0x65, 0x72, 0x3b};

/* The round keys, in .bss. */
uint8_t speck64_rk[4 * SPECK64_128_ROUNDS];

/* speck64_ok is 1 after main when encryption gave the official ciphertext and decryption undid it. */
volatile uint8_t speck64_ok;

int main(void)
{
	static const uint8_t ct[8] = {0x8b, 0x02, 0x4e, 0x45, 0x48, 0xa5, 0x6f, 0x8c};
	uint8_t ok = 1;
	speck64_128_keyschedule(speck64_key, speck64_rk);
	speck64_128_encrypt(speck64_block, speck64_rk);
	for (uint8_t i = 0; i < 8; i++)
		if (speck64_block[i] != ct[i])
			ok = 0;
	speck64_128_decrypt(speck64_block, speck64_rk);
	if (speck64_block[0] != 0x2d || speck64_block[7] != 0x3b)
		ok = 0;
	speck64_ok = ok;
	for (;;)
		;
}
