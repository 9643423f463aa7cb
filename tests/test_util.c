/* test_util.c - errors, allocation, sbuf, strlist, hex and parsers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"

/* Under ASan the arena's pieces have poisoned redzones (util.c). */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif
#ifdef TEST_ASAN
#include <sanitizer/asan_interface.h>
#endif

static void
test_err_set(void **state)
{
	struct gb_err e;
	char buf[600];

	(void)state;
	memset(&e, 0, sizeof e);
	assert_int_equal(err_set(&e, 3, 7, "bad %s %d", "turn", 5), -1);
	assert_int_equal(e.line, 3);
	assert_int_equal(e.col, 7);
	assert_string_equal(e.msg, "bad turn 5");
	err_format(&e, buf, sizeof buf);
	assert_string_equal(buf, "3:7: bad turn 5");

	err_file(&e, "orders.yaml");
	err_format(&e, buf, sizeof buf);
	assert_string_equal(buf, "orders.yaml:3:7: bad turn 5");
	/* err_file keeps the position and the message. */
	assert_int_equal(e.line, 3);
	assert_string_equal(e.msg, "bad turn 5");

	/* Wrapping an earlier message in a new one is safe. */
	err_set(&e, 3, 0, "in orders: %s", e.msg);
	assert_string_equal(e.msg, "in orders: bad turn 5");
	err_format(&e, buf, sizeof buf);
	assert_string_equal(buf, "orders.yaml:3: in orders: bad turn 5");

	err_set(&e, 0, 0, "unreadable");
	err_format(&e, buf, sizeof buf);
	assert_string_equal(buf, "orders.yaml: unreadable");
	/* The file name is kept by err_set. */
	assert_string_equal(e.file, "orders.yaml");

	memset(&e, 0, sizeof e);
	err_set(&e, 0, 0, "no file");
	err_format(&e, buf, sizeof buf);
	assert_string_equal(buf, "no file");

	/* NULL e is allowed: callers may not want the message. */
	assert_int_equal(err_set(NULL, 1, 1, "x"), -1);
}

static void
test_err_truncation(void **state)
{
	struct gb_err e;
	char big[2000], small[12];

	(void)state;
	memset(&e, 0, sizeof e);
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	err_set(&e, 1, 2, "%s", big);
	assert_int_equal(strlen(e.msg), sizeof e.msg - 1);
	err_file(&e, big);
	assert_int_equal(strlen(e.file), sizeof e.file - 1);
	err_format(&e, small, sizeof small);
	assert_int_equal(strlen(small), sizeof small - 1);
	err_format(&e, small, 0); /* writes nothing */
}

static void
test_alloc(void **state)
{
	char *p, *q;
	int *v;

	(void)state;
	p = util_malloc(0);
	assert_non_null(p);
	free(p);
	v = util_calloc(4, sizeof *v);
	assert_int_equal(v[0] + v[1] + v[2] + v[3], 0);
	v = util_reallocarray(v, 1000, sizeof *v);
	v[999] = 7;
	free(v);
	p = util_strdup("abc");
	assert_string_equal(p, "abc");
	q = util_strndup("abcdef", 3);
	assert_string_equal(q, "abc");
	free(q);
	/* strndup stops at a NUL before n. */
	q = util_strndup(p, 100);
	assert_string_equal(q, "abc");
	free(q);
	free(p);
}

/* Run f in a child; return its exit status and what it wrote to stderr. */
static int
run_child(void (*f)(void), char *err, size_t size)
{
	int fd[2], status;
	pid_t pid;
	ssize_t n;
	size_t off = 0;

	assert_int_equal(pipe(fd), 0);
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], 2);
		f();
		_exit(0);
	}
	close(fd[1]);
	while (off + 1 < size &&
	    (n = read(fd[0], err + off, size - off - 1)) > 0)
		off += (size_t)n;
	err[off] = '\0';
	close(fd[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static void
overflow(void)
{
	/* n * size overflows: refused without calling the allocator. */
	(void)util_reallocarray(NULL, SIZE_MAX / 2 + 2, 2);
}

static void
test_alloc_failure(void **state)
{
	char err[200];

	(void)state;
	assert_int_equal(run_child(overflow, err, sizeof err), EXIT_NOMEM);
	assert_string_equal(err, "gunbai: out of memory\n");
}

static void
test_sbuf(void **state)
{
	struct sbuf b;
	char *s;
	int i;

	(void)state;
	sbuf_init(&b);
	/* Usable as a string before anything is added. */
	assert_non_null(b.p);
	assert_string_equal(b.p, "");
	sbuf_add(&b, "abc", 2);
	sbuf_putc(&b, '-');
	sbuf_puts(&b, "xyz");
	sbuf_printf(&b, "%d/%s", 42, "q");
	assert_string_equal(b.p, "ab-xyz42/q");
	assert_int_equal(b.len, 10);
	for (i = 0; i < 10000; i++)
		sbuf_printf(&b, "%05d", i);
	assert_int_equal(b.len, 10 + 50000);
	assert_memory_equal(b.p + b.len - 5, "09999", 6);
	s = sbuf_take(&b);
	assert_int_equal(strlen(s), 50010);
	free(s);
	/* After take the buffer is empty and reusable. */
	assert_int_equal(b.len, 0);
	assert_string_equal(b.p, "");
	s = sbuf_take(&b);
	assert_string_equal(s, "");
	free(s);
	sbuf_add(&b, "\0x", 2); /* bytes, NUL included */
	assert_int_equal(b.len, 2);
	assert_int_equal(b.p[1], 'x');
	sbuf_free(&b);
	sbuf_free(&b); /* twice is harmless */

	/* A zeroed sbuf works as an initialised one. */
	memset(&b, 0, sizeof b);
	sbuf_puts(&b, "z");
	assert_string_equal(b.p, "z");
	sbuf_free(&b);
	memset(&b, 0, sizeof b);
	s = sbuf_take(&b);
	assert_string_equal(s, "");
	free(s);
}

static void
test_strlist(void **state)
{
	struct strlist l = { 0 };
	int i;

	(void)state;
	for (i = 0; i < 100; i++)
		strlist_addf(&l, "item %d", i);
	strlist_add(&l, "last");
	assert_int_equal(l.n, 101);
	assert_string_equal(l.v[0], "item 0");
	assert_string_equal(l.v[99], "item 99");
	assert_string_equal(l.v[100], "last");
	strlist_free(&l);
	assert_int_equal(l.n, 0);
	assert_null(l.v);
}

/* util_join cuts where snprintf("%s%s%s") would, at every size. */
/* sbuf_clear empties a buffer and keeps its room; a zeroed static buffer
 * becomes an empty string, not a NULL. */
static void
test_sbuf_clear(void **state)
{
	static struct sbuf zeroed;
	struct sbuf b;
	char *room;

	(void)state;
	assert_ptr_equal(sbuf_clear(&zeroed), &zeroed);
	assert_non_null(zeroed.p);
	assert_string_equal(zeroed.p, "");
	assert_int_equal(zeroed.len, 0);
	sbuf_init(&b);
	sbuf_puts(&b, "a line of some length");
	room = b.p;
	sbuf_clear(&b);
	assert_int_equal(b.len, 0);
	assert_string_equal(b.p, "");
	sbuf_puts(&b, "next");
	assert_ptr_equal(b.p, room); /* no allocation again */
	assert_string_equal(b.p, "next");
	sbuf_free(&b);
}

static void
test_join(void **state)
{
	const char *const piece[] = { "move ", "", "h8 g8", " now" };
	char buf[32], want[32];
	char small[4];

	(void)state;
	for (size_t size = 1; size <= sizeof buf; size++) {
		memset(buf, 'x', sizeof buf);
		util_join(buf, size, piece, 4);
		snprintf(want, size, "%s%s%s%s", piece[0], piece[1], piece[2],
		    piece[3]);
		assert_string_equal(buf, want);
		/* Nothing written past the terminating NUL. */
		if (strlen(want) + 1 < size)
			assert_int_equal(buf[strlen(want) + 1], 'x');
	}
	util_join(buf, sizeof buf, piece, 0);
	assert_string_equal(buf, "");
	memset(buf, 'x', sizeof buf);
	util_join(buf, 0, piece, 4); /* nothing written */
	assert_int_equal(buf[0], 'x');
	UTIL_JOIN(small, "ab", "cd");
	assert_string_equal(small, "abc");
}

static void
test_hex(void **state)
{
	const uint8_t in[] = { 0x00, 0x01, 0xab, 0xff, 0x7e };
	uint8_t out[5];
	char s[11];

	(void)state;
	util_hex(in, sizeof in, s);
	assert_string_equal(s, "0001abff7e");
	assert_int_equal(util_unhex(s, out, sizeof out), 0);
	assert_memory_equal(out, in, sizeof in);
	assert_int_equal(util_unhex("0001ABFF7E", out, sizeof out), 0);
	assert_memory_equal(out, in, sizeof in);
	util_hex(in, 0, s);
	assert_string_equal(s, "");
	assert_int_equal(util_unhex("", out, 0), 0);
	/* Exactly 2n digits: not fewer, not more, nothing else. */
	assert_int_equal(util_unhex("0001abff7", out, 5), -1);
	assert_int_equal(util_unhex("0001abff7e0", out, 5), -1);
	assert_int_equal(util_unhex("0001abff7g", out, 5), -1);
	assert_int_equal(util_unhex("0001 bff7e", out, 5), -1);
	assert_int_equal(util_unhex("", out, 1), -1);
}

static void
test_parse_int(void **state)
{
	static const struct {
		const char *s;
		long long v;
	} good[] = {
		{ "0", 0 }, { "7", 7 }, { "-7", -7 }, { "100000", 100000 },
		{ "9223372036854775807", LLONG_MAX },
		{ "-9223372036854775808", LLONG_MIN },
	};
	static const char *const bad[] = {
		"", "-", "+1", "01", "00", "-0", "-01", " 1", "1 ", "1a",
		"0x10", "1.0", "1e3", "--1", "9223372036854775808",
		"-9223372036854775809", "99999999999999999999999",
		"18446744073709551616", "\xef\xbc\x91", NULL,
	};
	long long v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		v = 12345;
		assert_int_equal(util_parse_int(good[i].s, LLONG_MIN,
		    LLONG_MAX, &v), 0);
		assert_true(v == good[i].v);
	}
	for (i = 0; bad[i] != NULL; i++) {
		v = 12345;
		if (util_parse_int(bad[i], LLONG_MIN, LLONG_MAX, &v) != -1)
			fail_msg("accepted '%s'", bad[i]);
		assert_true(v == 12345); /* untouched on failure */
	}
	/* The range is inclusive at both ends. */
	assert_int_equal(util_parse_int("1", 1, 3, &v), 0);
	assert_int_equal(util_parse_int("3", 1, 3, &v), 0);
	assert_int_equal(util_parse_int("0", 1, 3, &v), -1);
	assert_int_equal(util_parse_int("4", 1, 3, &v), -1);
	assert_int_equal(util_parse_int("-5", -5, -5, &v), 0);
	assert_true(v == -5);
}

static void
test_valid_name(void **state)
{
	static const char *const good[] = {
		"a", "Z", "0", "alice", "bob_2", "game-1", "9lives",
		"abcdefghijklmnopqrstuvwxyz012345", NULL,
	};
	static const char *const bad[] = {
		"", "-a", "_a", "a b", "a/b", "..", ".a", "a.b", "a\n",
		"abcdefghijklmnopqrstuvwxyz0123456", "\xc3\xa9t\xc3\xa9",
		"a:b", NULL,
	};
	size_t i;

	(void)state;
	for (i = 0; good[i] != NULL; i++)
		if (!util_valid_name(good[i]))
			fail_msg("refused '%s'", good[i]);
	for (i = 0; bad[i] != NULL; i++)
		if (util_valid_name(bad[i]))
			fail_msg("accepted '%s'", bad[i]);
}

/* A word longer than a line is cut between characters, never inside one
 * (a cut inside would reach a report as escaped bytes). */
static void
test_wrap_utf8(void **state)
{
	struct sbuf b;

	(void)state;
	sbuf_init(&b);
	/* 4 columns: "ab" then 2 bytes of room, where a 3-byte character
	 * starts at byte 3. */
	util_wrap(&b, 4, "", "", "abc\xe6\x88\xa6\xe6\x88\xa6");
	assert_string_equal(b.p, "abc\n\xe6\x88\xa6\n\xe6\x88\xa6\n");
	sbuf_free(&b);
	sbuf_init(&b);
	util_wrap(&b, 2, "", "", "\xe6\x88\xa6\xe6\x88\xa6");
	assert_string_equal(b.p, "\xe6\x88\xa6\n\xe6\x88\xa6\n");
	sbuf_free(&b);
}

/* util_fmt_int, sbuf_int, sbuf_int_pad and sbuf_puts_pad write what
 * printf would, byte for byte (reports rely on it). */
static void
test_fmt_int(void **state)
{
	static const long long vals[] = { 0, 1, 9, 10, 11, 99, 100, 101, 999,
	    1000, 4096, 99999, 100000, 2147483647LL, 2147483648LL,
	    1000000000000LL, LLONG_MAX, -1, -9, -10, -99, -100, -12345,
	    -2147483648LL, LLONG_MIN };
	static const int widths[] = { 0, 1, 2, 3, 5, 6, 21 };
	char want[64], buf[UTIL_INT_MAX + 1];
	struct sbuf b;

	(void)state;
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		long long v = vals[i];
		char *end = util_fmt_int(buf, v);

		assert_true(end - buf <= UTIL_INT_MAX);
		*end = '\0';
		snprintf(want, sizeof want, "%lld", v);
		assert_string_equal(buf, want);
		sbuf_init(&b);
		sbuf_int(&b, v);
		assert_string_equal(b.p, want);
		sbuf_free(&b);
		for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
			int w = widths[k];

			snprintf(want, sizeof want, "%*lld", w, v);
			sbuf_init(&b);
			sbuf_int_pad(&b, v, w);
			assert_string_equal(b.p, want);
			sbuf_free(&b);
			snprintf(want, sizeof want, "%-*s|", w, "clan");
			sbuf_init(&b);
			sbuf_puts_pad(&b, "clan", w);
			sbuf_putc(&b, '|');
			assert_string_equal(b.p, want);
			sbuf_free(&b);
		}
	}
}

/* The arena: aligned, distinct blocks of any size, all given back at
 * reset and usable again. */
static void
test_arena(void **state)
{
	struct arena a = { 0 };

	(void)state;
	for (int round = 0; round < 2; round++) {
		char *prev = NULL, *first = NULL;

		for (size_t n = 1; n < 5000; n += 7) {
			char *p = arena_alloc(&a, n);

			assert_int_equal((uintptr_t)p %
			    _Alignof(max_align_t), 0);
			assert_true(p != prev);
			memset(p, 0xab, n);
#ifdef TEST_ASAN
			/* A read past the piece is ASan's to report. */
			assert_false(__asan_address_is_poisoned(p + n - 1));
			assert_true(__asan_address_is_poisoned(p + n));
#endif
			if (first == NULL)
				first = p;
			prev = p;
		}
		/* Larger than a block. */
		memset(arena_alloc(&a, 1u << 20), 0, 1u << 20);
		arena_reset(&a);
#ifdef TEST_ASAN
		/* A piece used after the reset is ASan's to report, in the
		 * block reset keeps as in those it frees. */
		assert_true(__asan_address_is_poisoned(prev));
		assert_true(__asan_address_is_poisoned(first));
#else
		(void)first;
#endif
	}
	arena_reset(&a);
	free(a.head); /* the one block reset keeps */
}

/* util_utf8_fix keeps UTF-8 and ASCII as they are and turns each byte
 * of a broken sequence into '?', whether the text starts with ASCII (the
 * prefix it skips eight bytes at a time) or not, and wherever a
 * character falls against those eight: across them, at their end, in
 * the bytes left after them. */
static void
test_utf8_fix(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "", "" },
		{ "plain ASCII, tab\tand all", "plain ASCII, tab\tand all" },
		{ "caf\xc3\xa9 \xe6\x88\xa6", "caf\xc3\xa9 \xe6\x88\xa6" },
		{ "\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9" },
		{ "a\xffz", "a?z" },
		{ "\xffz", "?z" },
		{ "ab\xc3", "ab?" },
		{ "x\xe2\x82", "x??" },
		{ "\x80\x80 ok \xc3\xa9", "?? ok \xc3\xa9" },
		{ "0123456789abcdefghij", "0123456789abcdefghij" },
		{ "0123456\xc3\xa9 ok", "0123456\xc3\xa9 ok" },
		{ "01234567\xff", "01234567?" },
		{ "abcdefg\xff" "abcdefgh", "abcdefg?abcdefgh" },
		{ "0123456789abcdef\xe2\x82", "0123456789abcdef??" },
		{ "0123456789abcde\xe6\x88\xa6x", "0123456789abcde\xe6\x88\xa6x" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = util_strdup(cases[i].in);
		util_utf8_fix(s);
		assert_string_equal(s, cases[i].out);
		free(s);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_err_set),
		cmocka_unit_test(test_err_truncation),
		cmocka_unit_test(test_alloc),
		cmocka_unit_test(test_alloc_failure),
		cmocka_unit_test(test_sbuf),
		cmocka_unit_test(test_utf8_fix),
		cmocka_unit_test(test_strlist),
		cmocka_unit_test(test_sbuf_clear),
		cmocka_unit_test(test_join),
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_parse_int),
		cmocka_unit_test(test_valid_name),
		cmocka_unit_test(test_wrap_utf8),
		cmocka_unit_test(test_fmt_int),
		cmocka_unit_test(test_arena),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
