/*
 * simavr_runner: batch front end to libsimavr for avrlab's differential tests.
 *
 * Reads jobs from stdin, one per line:
 *
 *     <mcu> <max-cycles> <flash-hex>\n
 *
 * (<flash-hex> is the flash image from address 0 as hex digits, "-" for an
 * empty image, or "@" and the path of an Intel HEX file, which is read with
 * simavr's own read_ihex_chunks and each chunk below 0x800000 copied to its
 * address, the rest of flash erased, as simavr's run_avr loads a .hex). For
 * every job a fresh avr_t is made, the image is copied to
 * flash address 0, and the core is stepped one instruction per avr_run() call
 * until it sleeps, executes BREAK, is done, crashes, or reaches max-cycles.
 * One JSON object per job is written to the original standard output, one line
 * each, flushed after every job. Anything libsimavr prints itself goes to
 * standard error (standard output is moved there at start-up) or, for
 * messages sent through its logger, into the job's "log" field.
 *
 * Build: cc -O2 -I/usr/include/simavr simavr_runner.c -lsimavr
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim_avr.h"
#include "sim_hex.h"

#define LOG_MAX 2048

static char log_buf[LOG_MAX];
static size_t log_len;

/* Collects simavr's log messages for the current job. */
static void collect_logger(avr_t *avr, const int level, const char *format, va_list ap)
{
	(void)avr;
	if (level > LOG_WARNING || log_len >= LOG_MAX - 1)
		return;
	int n = vsnprintf(log_buf + log_len, LOG_MAX - log_len, format, ap);
	if (n > 0)
		log_len += (size_t)n < LOG_MAX - log_len ? (size_t)n : LOG_MAX - 1 - log_len;
}

static int slept;
static avr_cycle_count_t sleep_cycle;

/*
 * Replaces simavr's raw sleep callback, which would usleep() in wall-clock
 * time. It runs after the SLEEP instruction's cycle was added but before
 * avr_callback_run_raw adds the (1 + timer delay) cycles spent asleep.
 */
static void record_sleep(avr_t *avr, avr_cycle_count_t how_long)
{
	(void)how_long;
	if (!slept) {
		slept = 1;
		sleep_cycle = avr->cycle;
	}
}

static FILE *out;

static void put_json_string(const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void put_hex(const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	fputc('"', out);
	for (size_t i = 0; i < n; i++) {
		fputc(digits[p[i] >> 4], out);
		fputc(digits[p[i] & 15], out);
	}
	fputc('"', out);
}

static void put_error(long job, const char *msg)
{
	fprintf(out, "{\"job\":%ld,\"state\":\"error\",\"err\":", job);
	put_json_string(msg);
	fputs("}\n", out);
	fflush(out);
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Skips the rest of the current input line. */
static void skip_line(void)
{
	int c;
	while ((c = getchar()) != EOF && c != '\n')
		;
}

static char hex_path[4096];

/*
 * Reads the flash hex field into buf (capacity cap). Returns the byte count,
 * -1 on a malformed field, -2 if the image does not fit, -3 for "@path" (the
 * path in hex_path).
 */
static long read_flash(uint8_t *buf, size_t cap)
{
	int c;
	while ((c = getchar()) == ' ')
		;
	if (c == '-') {
		skip_line();
		return 0;
	}
	if (c == '@') {
		size_t n = 0;
		while ((c = getchar()) != EOF && c != '\n') {
			if (n + 1 >= sizeof hex_path)
				return -1;
			hex_path[n++] = (char)c;
		}
		hex_path[n] = 0;
		return n ? -3 : -1;
	}
	size_t n = 0;
	int bad = 0, big = 0;
	for (;;) {
		if (c == EOF || c == '\n')
			break;
		int hi = hexval(c);
		int lo = hexval(getchar());
		if (hi < 0 || lo < 0) {
			bad = 1;
			skip_line();
			break;
		}
		if (n < cap)
			buf[n] = (uint8_t)(hi << 4 | lo);
		else
			big = 1;
		n++;
		c = getchar();
	}
	if (bad)
		return -1;
	if (big)
		return -2;
	return (long)n;
}

#define MAX_IMAGE (1 << 22)

int main(void)
{
	/* Keep the real stdout for results; route library printf()s to stderr. */
	int fd = dup(1);
	if (fd < 0 || dup2(2, 1) < 0) {
		perror("simavr_runner: dup");
		return 2;
	}
	out = fdopen(fd, "w");
	if (!out) {
		perror("simavr_runner: fdopen");
		return 2;
	}
	avr_global_logger_set(collect_logger);

	uint8_t *image = malloc(MAX_IMAGE);
	if (!image)
		return 2;

	char mcu[64];
	unsigned long long max_cycles;
	for (long job = 0;; job++) {
		int got = scanf("%63s %llu", mcu, &max_cycles);
		if (got == EOF)
			break;
		if (got != 2) {
			put_error(job, "malformed job line");
			skip_line();
			continue;
		}
		long n = read_flash(image, MAX_IMAGE);
		if (n == -1) {
			put_error(job, "malformed flash hex");
			continue;
		}
		ihex_chunk_p chunks = NULL;
		int nchunks = 0;
		if (n == -3) {
			nchunks = read_ihex_chunks(hex_path, &chunks);
			if (nchunks < 0) {
				put_error(job, "simavr cannot read the HEX file");
				continue;
			}
			n = 0;
		}
		log_len = 0;
		log_buf[0] = 0;
		avr_t *avr = avr_make_mcu_by_name(mcu);
		if (!avr) {
			char msg[128];
			snprintf(msg, sizeof msg, "simavr does not know mcu %s", mcu);
			put_error(job, msg);
			continue;
		}
		avr_init(avr);
		avr->log = LOG_WARNING;
		avr->sleep = record_sleep;
		avr->frequency = 16000000;
		if (n == -2 || (unsigned long)n > avr->flashend + 1UL) {
			char msg[128];
			snprintf(msg, sizeof msg, "program does not fit in the %lu bytes of flash of %s",
				(unsigned long)avr->flashend + 1, mcu);
			put_error(job, msg);
			avr_terminate(avr);
			free(avr);
			continue;
		}
		/*
		 * Give data space a full 64 KiB and flash at least 64 KiB, so that a
		 * stray access past RAMEND (which simavr reports, then may still
		 * perform) or an LPM past the end of a small flash stays inside
		 * our own allocation.
		 */
		uint8_t *data = calloc(1, 0x10000 + 16);
		memcpy(data, avr->data, avr->ramend + 1);
		free(avr->data);
		avr->data = data;
		size_t fsize = avr->flashend + 1 < 0x10000 ? 0x10000 : avr->flashend + 1;
		uint8_t *flash = malloc(fsize + 16);
		memset(flash, 0xff, fsize + 16);
		memcpy(flash, image, (size_t)n);
		int chunk_past = 0;
		for (int i = 0; i < nchunks; i++) {
			if (chunks[i].baseaddr >= 0x800000)
				continue; /* EEPROM, fuses: not flash */
			if ((size_t)chunks[i].baseaddr + chunks[i].size > avr->flashend + 1UL) {
				chunk_past = 1;
				continue;
			}
			memcpy(flash + chunks[i].baseaddr, chunks[i].data, chunks[i].size);
		}
		if (chunks)
			free_ihex_chunks(chunks);
		if (chunk_past) {
			put_error(job, "HEX data past the end of flash");
			free(flash);
			avr_terminate(avr);
			free(avr);
			continue;
		}
		free(avr->flash);
		avr->flash = flash;
		avr->codeend = avr->flashend;

		slept = 0;
		const char *state = "limit";
		for (;;) {
			if (avr->cycle >= max_cycles)
				break;
			uint16_t op = 0xffff;
			if (avr->pc + 1 <= avr->flashend)
				op = avr->flash[avr->pc] | avr->flash[avr->pc + 1] << 8;
			int st = avr_run(avr);
			if (st == cpu_Done) {
				state = "done";
				break;
			}
			if (st == cpu_Sleeping) {
				state = "sleep";
				if (slept)
					avr->cycle = sleep_cycle;
				break;
			}
			if (st != cpu_Running) {
				state = "crashed";
				break;
			}
			if (op == 0x9598) {
				state = "break";
				break;
			}
		}

		uint8_t sreg = 0;
		for (int i = 0; i < 8; i++)
			if (avr->sreg[i])
				sreg |= 1 << i;
		unsigned ramstart = avr->ioend + 1;
		fprintf(out, "{\"job\":%ld,\"state\":\"%s\",\"cycles\":%llu,\"pc\":%lu,\"sp\":%u,"
			"\"sreg\":%u,\"sreg_data\":%u,\"ramstart\":%u,\"ramend\":%u,\"r\":",
			job, state, (unsigned long long)avr->cycle, (unsigned long)avr->pc,
			avr->data[R_SPL] | avr->data[R_SPH] << 8, sreg, avr->data[R_SREG],
			ramstart, avr->ramend);
		put_hex(avr->data, 32);
		fputs(",\"io\":", out);
		put_hex(avr->data + 32, ramstart - 32);
		fputs(",\"sram\":", out);
		put_hex(avr->data + ramstart, avr->ramend + 1 - ramstart);
		fputs(",\"log\":", out);
		put_json_string(log_buf);
		fputs("}\n", out);
		fflush(out);

		avr_terminate(avr);
		free(avr);
	}
	return 0;
}
