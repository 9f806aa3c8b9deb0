/* Schoolbook 160-bit multiplication for the lab's kernel-task tests: r[0..39] = a[0..19] * b[0..19],
 * little-endian byte arrays. Fixed loop bounds and AVR's constant-time MUL keep it constant time. */
#include <stdint.h>

void mpmul160(uint8_t *r, const uint8_t *a, const uint8_t *b)
{
	uint8_t i, j;
	for (i = 0; i < 40; i++)
		r[i] = 0;
	for (i = 0; i < 20; i++) {
		uint16_t c = 0;
		for (j = 0; j < 20; j++) {
			uint16_t t = (uint16_t)a[i] * b[j] + r[i + j] + c;
			r[i + j] = (uint8_t)t;
			c = t >> 8;
		}
		r[i + 20] = (uint8_t)c;
	}
}

uint8_t x[20], y[20], z[40];

int main(void)
{
	mpmul160(z, x, y);
	return z[0];
}
