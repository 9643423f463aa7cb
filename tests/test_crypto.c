/* test_crypto.c - SHA-256, public key checks, signature decoding and
 * Ed25519 verification against the fixtures in tests/keys/, made with the
 * stock openssl command line as formats/signatures.md describes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/crypto.h"
#include "base/util.h"

#define KEYS "tests/keys/"

/* The whole file, NUL-terminated (the NUL is not counted in *n). */
static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, k;

	if (f == NULL)
		fail_msg("cannot open '%s' (run the tests from the "
		    "repository root)", path);
	buf = malloc(65537);
	assert_non_null(buf);
	while ((k = fread(buf + len, 1, 65536 - len, f)) > 0)
		len += k;
	assert_false(ferror(f));
	fclose(f);
	assert_true(len < 65536);
	buf[len] = '\0';
	if (n != NULL)
		*n = len;
	return buf;
}

/* Decode a signature file's bytes, requiring success. */
static void
decode_ok(const void *buf, size_t n, uint8_t sig[CRYPTO_SIG_BYTES])
{
	struct gb_err e = { .msg = "" };

	if (crypto_sig_decode(buf, n, sig, &e) != 0)
		fail_msg("decode refused: %s", e.msg);
}

/* Decode that must be refused with msg containing want. */
static void
decode_refused(const char *buf, size_t n, const char *want)
{
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	assert_int_equal(crypto_sig_decode((const uint8_t *)buf, n, sig, &e),
	    -1);
	if (strstr(e.msg, want) == NULL)
		fail_msg("message '%s' lacks '%s'", e.msg, want);
}

/* Check pem, requiring refusal with a message containing want. */
static void
pubkey_refused(const char *pem, const char *want)
{
	struct gb_err e = { .msg = "" };
	char *canon = (char *)"unset";

	assert_int_equal(crypto_pubkey_check(pem, &canon, &e), -1);
	assert_null(canon);
	if (strstr(e.msg, want) == NULL)
		fail_msg("message '%s' lacks '%s'", e.msg, want);
}

static void
test_sha256(void **state)
{
	static const uint8_t abc[CRYPTO_SHA256_BYTES] = {
		0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea,
		0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
		0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c,
		0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
	};
	static const uint8_t empty[CRYPTO_SHA256_BYTES] = {
		0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14,
		0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
		0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c,
		0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
	};
	uint8_t h[CRYPTO_SHA256_BYTES];

	(void)state;
	crypto_sha256("abc", 3, h);
	assert_memory_equal(h, abc, sizeof(h));
	crypto_sha256("", 0, h);
	assert_memory_equal(h, empty, sizeof(h));
	crypto_sha256(NULL, 0, h);
	assert_memory_equal(h, empty, sizeof(h));
}

/* FIPS 180-2's two-block message and its million 'a's (many blocks, the
 * length past 2^23 bits): crypto_sha256 hashes on a context of its own,
 * not through EVP_Digest. */
static void
test_sha256_long(void **state)
{
	static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklm"
	    "klmnlmnomnopnopq";
	char hex[2 * CRYPTO_SHA256_BYTES + 1];
	char *million = malloc(1000000);

	(void)state;
	assert_non_null(million);
	crypto_sha256_hex(two, sizeof two - 1, hex);
	assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039"
	    "a33ce45964ff2167f6ecedd419db06c1");
	memset(million, 'a', 1000000);
	crypto_sha256_hex(million, 1000000, hex);
	assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
	    "f1809a48a497200e046d39ccc7112cd0");
	free(million);
}

static void
test_verify_raw(void **state)
{
	char *pem = slurp(KEYS "alice.pub", NULL);
	size_t mlen, slen;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	assert_int_equal(slen, CRYPTO_SIG_BYTES);
	decode_ok(raw, slen, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 1);
	free(pem);
	free(msg);
	free(raw);
}

/* A key in canonical PEM takes the fast reader (the raw key bytes), any
 * other spelling the general PEM reader: both verify the same signature
 * and refuse the same wrong one. */
static void
test_verify_both_readers(void **state)
{
	char *pem = slurp(KEYS "alice.pub", NULL), text[1024];
	size_t mlen, slen, k = 0;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	decode_ok(raw, slen, sig);
	for (const char *p = pem; *p != '\0'; p++) {
		if (*p == '\n')
			text[k++] = '\r';
		text[k++] = *p;
	}
	text[k] = '\0';
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 1);
	assert_int_equal(crypto_verify(text, msg, mlen, sig, &e), 1);
	sig[10] ^= 1;
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 0);
	assert_int_equal(crypto_verify(text, msg, mlen, sig, &e), 0);
	free(pem);
	free(msg);
	free(raw);
}

static void
test_verify_base64(void **state)
{
	char *pem = slurp(KEYS "alice.pub", NULL);
	size_t mlen, blen, slen;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *b64 = slurp(KEYS "message.txt.sig.b64", &blen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	assert_int_equal(blen, 88);
	decode_ok(b64, blen, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 1);
	free(pem);
	free(msg);
	free(b64);
	free(raw);
}

/* The forgery: every single flipped bit of the message must be caught. */
static void
test_verify_tampered(void **state)
{
	char *pem = slurp(KEYS "alice.pub", NULL);
	size_t mlen, slen;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	decode_ok(raw, slen, sig);
	for (size_t i = 0; i < mlen; i++) {
		msg[i] ^= 0x01;
		assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 0);
		msg[i] ^= 0x01;
	}
	/* One byte more or less: a re-saved file with another line end. */
	assert_int_equal(crypto_verify(pem, msg, mlen - 1, sig, &e), 0);
	msg[mlen] = '\r';
	assert_int_equal(crypto_verify(pem, msg, mlen + 1, sig, &e), 0);
	msg[mlen] = '\0';
	/* A flipped signature bit. */
	sig[10] ^= 0x40;
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 0);
	sig[10] ^= 0x40;
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 1);
	free(pem);
	free(msg);
	free(raw);
}

/* Verdicts are kept (crypto.c, for mail-in, which judges the inbox's
 * files again for every message): asked again, each verdict is the one
 * a fresh verify gives, for the same bytes, other bytes, another key
 * and another signature, before and after the kept ones are replaced. */
static void
test_verify_kept(void **state)
{
	char *alice = slurp(KEYS "alice.pub", NULL);
	char *bob = slurp(KEYS "bob.pub", NULL);
	size_t mlen, slen;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	decode_ok(raw, slen, sig);
	for (int round = 0; round < 3; round++) {
		assert_int_equal(crypto_verify(alice, msg, mlen, sig, &e), 1);
		assert_int_equal(crypto_verify(bob, msg, mlen, sig, &e), 0);
		msg[0] ^= 0x01;
		assert_int_equal(crypto_verify(alice, msg, mlen, sig, &e), 0);
		msg[0] ^= 0x01;
		sig[0] ^= 0x01;
		assert_int_equal(crypto_verify(alice, msg, mlen, sig, &e), 0);
		sig[0] ^= 0x01;
		assert_int_equal(crypto_verify(alice, msg, mlen, sig, &e), 1);
		/* More verdicts than are kept: the first are replaced. */
		for (size_t i = 0; i < 100 && i < mlen; i++) {
			msg[i] ^= 0x02;
			assert_int_equal(crypto_verify(alice, msg, mlen, sig,
			    &e), 0);
			msg[i] ^= 0x02;
		}
	}
	free(alice);
	free(bob);
	free(msg);
	free(raw);
}

static void
test_verify_wrong_key(void **state)
{
	char *alice = slurp(KEYS "alice.pub", NULL);
	char *bob = slurp(KEYS "bob.pub", NULL);
	size_t mlen, alen, blen;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *asig = slurp(KEYS "message.txt.sig", &alen);
	char *bsig = slurp(KEYS "message.txt.bob.sig", &blen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	decode_ok(bsig, blen, sig);
	assert_int_equal(crypto_verify(bob, msg, mlen, sig, &e), 1);
	assert_int_equal(crypto_verify(alice, msg, mlen, sig, &e), 0);
	decode_ok(asig, alen, sig);
	assert_int_equal(crypto_verify(bob, msg, mlen, sig, &e), 0);
	free(alice);
	free(bob);
	free(msg);
	free(asig);
	free(bsig);
}

static void
test_verify_bad_key(void **state)
{
	char *rsa = slurp(KEYS "rsa.pub", NULL);
	size_t mlen, slen;
	char *msg = slurp(KEYS "message.txt", &mlen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];

	(void)state;
	decode_ok(raw, slen, sig);
	assert_int_equal(crypto_verify(rsa, msg, mlen, sig, &e), -1);
	assert_non_null(strstr(e.msg, "RSA"));
	assert_int_equal(crypto_verify("garbage", msg, mlen, sig, &e), -1);
	free(rsa);
	free(msg);
	free(raw);
}

static void
test_decode_truncated(void **state)
{
	size_t slen;
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	char *b64 = slurp(KEYS "message.txt.sig.b64", &slen);

	(void)state;
	decode_refused(raw, 63, "signature is 63 bytes; an Ed25519 "
	    "signature is 64 bytes raw or 88 characters of base64");
	decode_refused(raw, 1, "1 bytes");
	/* A base64 text that ends a quartet early, or a whole one short. */
	decode_refused(b64, 87, "padding");
	decode_refused(b64 + 4, 84, "decoding to 61 bytes");
	decode_refused("", 0, "empty");
	decode_refused(" \n\t\r\n", 5, "empty");
	free(raw);
	free(b64);
}

static void
test_decode_garbage(void **state)
{
	char text[200];
	size_t blen;
	char *b64 = slurp(KEYS "message.txt.sig.b64", &blen);

	(void)state;
	decode_refused("this is not a signature at all!", 31,
	    "invalid character");
	/* base64url is not base64. */
	memcpy(text, b64, 88);
	text[5] = '-';
	decode_refused(text, 88, "invalid character '-'");
	/* Padding in the wrong place, too much or too little. */
	memcpy(text, b64, 88);
	text[40] = '=';
	decode_refused(text, 88, "'='");
	memcpy(text, b64, 86);
	memcpy(text + 86, "===", 3);
	decode_refused(text, 89, "after the '=' padding");
	memcpy(text, b64, 86);
	text[86] = '=';
	decode_refused(text, 87, "incomplete '=' padding");
	decode_refused("A===", 4, "misplaced '='");
	decode_refused("====", 4, "misplaced '='");
	/* Unpadded base64 is refused: the length must be a multiple of 4. */
	decode_refused(b64, 86, "multiple of 4");
	/* Non-zero bits under the padding: another spelling of the same
	 * bytes, so not canonical. */
	memcpy(text, b64, 88);
	text[85]++; /* A, Q, g or w: one more sets the lowest bit */
	decode_refused(text, 88, "non-zero bits");
	/* A binary file of the wrong size. */
	memset(text, 0xa5, 65);
	decode_refused(text, 65, "signature is 65 bytes");
	/* Good base64 of too many bytes. */
	memcpy(text, b64, 84);
	memcpy(text + 84, "AAAAAA==", 8);
	decode_refused(text, 92, "decoding to 67 bytes");
	/* The error points at the bad character. */
	{
		struct gb_err e = { .msg = "" };
		uint8_t sig[CRYPTO_SIG_BYTES];

		memcpy(text, b64, 64);
		text[64] = '\n';
		memcpy(text + 65, b64 + 64, 24);
		text[67] = '*';
		assert_int_equal(crypto_sig_decode((uint8_t *)text, 89, sig,
		    &e), -1);
		assert_int_equal(e.line, 2);
		assert_int_equal(e.col, 3);
	}
	free(b64);
}

/* The same signature as one 88-character line (openssl base64 -A), with
 * a final newline, as 64-column lines (openssl base64), with CRLF, and
 * with stray blanks. */
static void
test_decode_whitespace(void **state)
{
	size_t blen, slen;
	char *b64 = slurp(KEYS "message.txt.sig.b64", &blen);
	char *raw = slurp(KEYS "message.txt.sig", &slen);
	char text[300];
	uint8_t sig[CRYPTO_SIG_BYTES];
	size_t n;

	(void)state;
	assert_int_equal(blen, 88);

	decode_ok(b64, 88, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);

	n = (size_t)snprintf(text, sizeof(text), "%.88s\n", b64);
	decode_ok(text, n, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);

	n = (size_t)snprintf(text, sizeof(text), "%.64s\n%.24s\n", b64,
	    b64 + 64);
	decode_ok(text, n, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);

	n = (size_t)snprintf(text, sizeof(text), "%.64s\r\n%.24s\r\n", b64,
	    b64 + 64);
	decode_ok(text, n, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);

	n = (size_t)snprintf(text, sizeof(text), "\n  %.10s %.30s\t%.46s\v"
	    "%.2s \f\n\n", b64, b64 + 10, b64 + 40, b64 + 86);
	decode_ok(text, n, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);
	free(b64);
	free(raw);
}

static void
test_pubkey_ok(void **state)
{
	char *pem = slurp(KEYS "alice.pub", NULL);
	char text[1024], *canon = NULL;
	struct gb_err e = { .msg = "" };

	(void)state;
	assert_int_equal(crypto_pubkey_check(pem, &canon, &e), 0);
	assert_non_null(canon);
	assert_string_equal(canon, pem);
	free(canon);
	assert_int_equal(crypto_pubkey_check(pem, NULL, &e), 0);

	/* White space around the key is allowed and dropped. */
	snprintf(text, sizeof(text), "\n\n  \t%s\n \n", pem);
	assert_int_equal(crypto_pubkey_check(text, &canon, &e), 0);
	assert_string_equal(canon, pem);
	free(canon);

	/* So are CRLF line ends. */
	{
		size_t k = 0;

		for (const char *p = pem; *p != '\0'; p++) {
			if (*p == '\n')
				text[k++] = '\r';
			text[k++] = *p;
		}
		text[k] = '\0';
	}
	assert_int_equal(crypto_pubkey_check(text, &canon, &e), 0);
	assert_string_equal(canon, pem);
	free(canon);
	free(pem);
}

static void
test_pubkey_wrong_type(void **state)
{
	char *rsa = slurp(KEYS "rsa.pub", NULL);
	char *ec = slurp(KEYS "ec.pub", NULL);

	(void)state;
	pubkey_refused(rsa, "public key is RSA, not Ed25519");
	pubkey_refused(ec, "public key is EC, not Ed25519");
	free(rsa);
	free(ec);
}

static void
test_pubkey_refused(void **state)
{
	char *alice = slurp(KEYS "alice.pub", NULL);
	char *bob = slurp(KEYS "bob.pub", NULL);
	char *priv = slurp(KEYS "alice.key", NULL);
	char text[1024];
	struct gb_err e = { .msg = "" };

	(void)state;
	snprintf(text, sizeof(text), "%s%s", alice, bob);
	pubkey_refused(text, "more than one key");
	snprintf(text, sizeof(text), "%s\n%s", alice, alice);
	pubkey_refused(text, "more than one key");
	assert_int_equal(crypto_pubkey_check(text, NULL, &e), -1);
	assert_int_equal(e.line, 5);
	assert_int_equal(e.col, 1);

	snprintf(text, sizeof(text), "%sjunk\n", alice);
	pubkey_refused(text, "text after the end of the public key");
	snprintf(text, sizeof(text), "comment\n%s", alice);
	pubkey_refused(text, "not a PEM public key");

	/* A player who mails the private key instead. */
	pubkey_refused(priv, "found 'PRIVATE KEY'");

	pubkey_refused("", "not a PEM public key");
	pubkey_refused("garbage", "not a PEM public key");
	pubkey_refused("-----BEGIN PUBLIC KEY-----\nAAAA\n"
	    "-----END PUBLIC KEY-----\n", "unreadable PEM public key");
	pubkey_refused("-----BEGIN PUBLIC KEY-----\n", "unreadable");
	snprintf(text, sizeof(text), "%s", alice);
	text[30] = '!';
	pubkey_refused(text, "unreadable");
	/* Cut short: the END line is missing. */
	snprintf(text, sizeof(text), "%.90s", alice);
	pubkey_refused(text, "unreadable");
	free(alice);
	free(bob);
	free(priv);
}

/* A PEM public key holding the 32 encoded bytes raw: the DER prefix of
 * an Ed25519 SubjectPublicKeyInfo, then the key, in base64. */
static void
pem_of_raw(const uint8_t raw[32], char *out, size_t cap)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";
	static const uint8_t prefix[12] = { 0x30, 0x2a, 0x30, 0x05, 0x06,
		0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00 };
	uint8_t der[44];
	char text[64];
	size_t k = 0;

	memcpy(der, prefix, sizeof prefix);
	memcpy(der + sizeof prefix, raw, 32);
	for (size_t i = 0; i < sizeof der; i += 3) {
		uint32_t v = (uint32_t)der[i] << 16 |
		    (uint32_t)(i + 1 < sizeof der ? der[i + 1] : 0) << 8 |
		    (uint32_t)(i + 2 < sizeof der ? der[i + 2] : 0);
		text[k++] = b64[v >> 18 & 63];
		text[k++] = b64[v >> 12 & 63];
		text[k++] = i + 1 < sizeof der ? b64[v >> 6 & 63] : '=';
		text[k++] = i + 2 < sizeof der ? b64[v & 63] : '=';
	}
	text[k] = '\0';
	snprintf(out, cap, "-----BEGIN PUBLIC KEY-----\n%s\n"
	    "-----END PUBLIC KEY-----\n", text);
}

static void
hex32(const char *hex, uint8_t out[32])
{
	for (int i = 0; i < 32; i++) {
		unsigned v;
		assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
}

/* The eight encodings of points of small order, and encodings that are
 * not canonical, are refused everywhere a key is read: one fixed
 * signature (R the identity, S zero) would verify any file for a key of
 * small order. */
static void
test_pubkey_weak(void **state)
{
	static const char *const small[] = {
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0000000000000000000000000000000000000000000000000000000000000080",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
		"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
		"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
		/* x = 0 with the sign bit set: not canonical, small order */
		"0100000000000000000000000000000000000000000000000000000000000080",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	};
	static const char *const unreduced[] = {
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	};
	uint8_t raw[32], sig[CRYPTO_SIG_BYTES] = { 1 };
	char pem[256];
	struct gb_err e = { .msg = "" };

	(void)state;
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
		hex32(small[i], raw);
		pem_of_raw(raw, pem, sizeof pem);
		pubkey_refused(pem, "of small order");
		/* Not usable to verify either. */
		assert_int_equal(crypto_verify(pem, "x", 1, sig, &e), -1);
		assert_non_null(strstr(e.msg, "small order"));
	}
	for (size_t i = 0; i < sizeof unreduced / sizeof unreduced[0]; i++) {
		hex32(unreduced[i], raw);
		pem_of_raw(raw, pem, sizeof pem);
		pubkey_refused(pem, "not canonically encoded");
	}
	/* The same builder makes a good key from alice's bytes: the test
	 * refuses for the key, not for the PEM. */
	hex32("f5a9db55b4f3e78176f284ecdb2c0ce3d7ec0e9e78e40cbc39f67eb0097b5181",
	    raw);
	pem_of_raw(raw, pem, sizeof pem);
	assert_int_equal(crypto_pubkey_check(pem, NULL, &e), 0);
}

static void
test_os_random(void **state)
{
	uint8_t a[1000], b[1000];
	struct gb_err e = { .msg = "" };
	size_t zeros = 0;

	(void)state;
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	/* More than one 256-byte chunk, and an uneven tail. */
	assert_int_equal(crypto_os_random(a, sizeof(a), &e), 0);
	assert_int_equal(crypto_os_random(b, sizeof(b), &e), 0);
	assert_int_equal(crypto_os_random(b, 0, &e), 0);
	for (size_t i = 0; i < sizeof(a); i++)
		zeros += a[i] == 0;
	/* About 4 expected; 40 would be astronomically unlikely. */
	assert_true(zeros < 40);
	assert_true(memcmp(a, b, sizeof(a)) != 0);
	/* The tail of an uneven request is filled, and nothing beyond. */
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	assert_int_equal(crypto_os_random(a, 777, &e), 0);
	assert_memory_not_equal(a + 745, b, 32);
	assert_memory_equal(a + 777, b, sizeof(a) - 777);
}

/* The commands of formats/signatures.md, exactly as written there. */
static const char *const doc_cmds[] = {
	"openssl genpkey -algorithm ed25519 -out alice.key",
	"openssl pkey -in alice.key -pubout -out alice.pub",
	"openssl pkeyutl -sign -rawin -inkey alice.key -in orders.yaml "
	    "-out orders.yaml.sig",
	"openssl pkeyutl -verify -rawin -pubin -inkey alice.pub "
	    "-in orders.yaml -sigfile orders.yaml.sig",
	"openssl base64 -A -in orders.yaml.sig -out orders.yaml.sig.b64",
	"openssl base64 -d -A -in orders.yaml.sig.b64 -out orders.yaml.sig.raw",
	"openssl pkeyutl -verify -rawin -pubin -inkey alice.pub "
	    "-in orders.yaml -sigfile orders.yaml.sig.raw",
};

static const char *const doc_files[] = {
	"alice.key", "alice.pub", "orders.yaml", "orders.yaml.sig",
	"orders.yaml.sig.b64", "orders.yaml.sig.raw",
};

static int
run_in(const char *dir, const char *cmd)
{
	char line[600];

	snprintf(line, sizeof(line), "cd '%s' && %s >/dev/null 2>&1", dir,
	    cmd);
	return system(line);
}

static char *
slurp_in(const char *dir, const char *name, size_t *n)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return slurp(path, n);
}

/* Each command in the manual is there verbatim, and run as written with
 * the openssl here it makes files that gunbai accepts. */
static void
test_doc_commands(void **state)
{
	static const char orders[] = "gunbai: orders 1\ngame: g1\nturn: 1\n"
	    "player: alice\norders:\n  - pass\n";
	char *doc = slurp("formats/signatures.md", NULL);
	char dir[] = "/tmp/gunbai-test-crypto-XXXXXX", line[300];
	char *pem, *msg, *raw, *b64, *back, *canon = NULL;
	size_t mlen, rlen, blen, klen;
	struct gb_err e = { .msg = "" };
	uint8_t sig[CRYPTO_SIG_BYTES];
	FILE *f;

	(void)state;
	for (size_t i = 0; i < sizeof(doc_cmds) / sizeof(doc_cmds[0]); i++) {
		snprintf(line, sizeof(line), "\n    %s\n", doc_cmds[i]);
		if (strstr(doc, line) == NULL)
			fail_msg("formats/signatures.md lacks '%s'",
			    doc_cmds[i]);
	}
	free(doc);
	if (system("command -v openssl >/dev/null 2>&1") != 0)
		skip();

	assert_non_null(mkdtemp(dir));
	snprintf(line, sizeof(line), "%s/orders.yaml", dir);
	f = fopen(line, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(orders, 1, sizeof(orders) - 1, f),
	    sizeof(orders) - 1);
	assert_int_equal(fclose(f), 0);
	for (size_t i = 0; i < sizeof(doc_cmds) / sizeof(doc_cmds[0]); i++)
		if (run_in(dir, doc_cmds[i]) != 0)
			fail_msg("'%s' failed in %s", doc_cmds[i], dir);

	pem = slurp_in(dir, "alice.pub", NULL);
	msg = slurp_in(dir, "orders.yaml", &mlen);
	raw = slurp_in(dir, "orders.yaml.sig", &rlen);
	b64 = slurp_in(dir, "orders.yaml.sig.b64", &blen);
	back = slurp_in(dir, "orders.yaml.sig.raw", &klen);
	assert_int_equal(crypto_pubkey_check(pem, &canon, &e), 0);
	assert_string_equal(canon, pem);
	assert_int_equal(rlen, CRYPTO_SIG_BYTES);
	assert_int_equal(blen, 88);
	assert_int_equal(klen, CRYPTO_SIG_BYTES);
	assert_memory_equal(raw, back, CRYPTO_SIG_BYTES);
	decode_ok(raw, rlen, sig);
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 1);
	decode_ok(b64, blen, sig);
	assert_memory_equal(sig, raw, CRYPTO_SIG_BYTES);
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 1);

	/* Re-saved with CRLF: openssl and gunbai both refuse it. */
	snprintf(line, sizeof(line), "%s/orders.yaml", dir);
	f = fopen(line, "wb");
	assert_non_null(f);
	for (const char *p = orders; *p != '\0'; p++) {
		if (*p == '\n')
			fputc('\r', f);
		fputc(*p, f);
	}
	assert_int_equal(fclose(f), 0);
	free(msg);
	msg = slurp_in(dir, "orders.yaml", &mlen);
	assert_int_equal(crypto_verify(pem, msg, mlen, sig, &e), 0);
	assert_int_not_equal(run_in(dir, doc_cmds[3]), 0);

	for (size_t i = 0; i < sizeof(doc_files) / sizeof(doc_files[0]);
	    i++) {
		snprintf(line, sizeof(line), "%s/%s", dir, doc_files[i]);
		assert_int_equal(unlink(line), 0);
	}
	assert_int_equal(rmdir(dir), 0);
	free(canon);
	free(pem);
	free(msg);
	free(raw);
	free(b64);
	free(back);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_sha256_long),
		cmocka_unit_test(test_verify_raw),
		cmocka_unit_test(test_verify_both_readers),
		cmocka_unit_test(test_verify_base64),
		cmocka_unit_test(test_verify_tampered),
		cmocka_unit_test(test_verify_wrong_key),
		cmocka_unit_test(test_verify_kept),
		cmocka_unit_test(test_verify_bad_key),
		cmocka_unit_test(test_decode_truncated),
		cmocka_unit_test(test_decode_garbage),
		cmocka_unit_test(test_decode_whitespace),
		cmocka_unit_test(test_pubkey_ok),
		cmocka_unit_test(test_pubkey_wrong_type),
		cmocka_unit_test(test_pubkey_refused),
		cmocka_unit_test(test_pubkey_weak),
		cmocka_unit_test(test_os_random),
		cmocka_unit_test(test_doc_commands),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
