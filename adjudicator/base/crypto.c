/* crypto.c - SHA-256, Ed25519 keys and signatures, and OS randomness.
 * The only file that calls OpenSSL (libcrypto 3).  Every failure path
 * clears OpenSSL's error queue so that one refusal cannot leak into the
 * next check. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* SHA256_Init and co. (crypto_sha256) are deprecated in OpenSSL 3 in
 * favour of EVP, which allocates at every digest; they are still
 * libcrypto's.  Without them the EVP path is compiled instead. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/sha.h>

#include "base/crypto.h"
#include "base/edkey.h"

#define PEM_BEGIN_PUBKEY "-----BEGIN PUBLIC KEY-----"
#define SIG_HINT \
	"an Ed25519 signature is 64 bytes raw or 88 characters of base64"

/* libcrypto fails these calls only when it cannot allocate; follow the
 * util_* rule for out of memory. */
static void
crypto_nomem(void)
{
	fputs("gunbai: out of memory\n", stderr);
	exit(EXIT_NOMEM);
}

/* A gunbai command is one short process: freeing libcrypto's tables one
 * by one at exit (OPENSSL_cleanup, run by atexit) cost 0.8M instructions,
 * 3.5% of a signed turn, for memory the kernel takes back at once.  What
 * is left stays reachable from libcrypto's globals: no leak is
 * reported.
 *
 * No OpenSSL configuration file is read (openssl.cnf, $OPENSSL_CONF):
 * one that restricts the algorithms (default_properties = fips=yes, a
 * policy without Ed25519) made every digest fail on that machine alone,
 * and an archive must replay alike everywhere (gunbai(1), ENVIRONMENT;
 * t_e2e.sh runs verify under such a file).  It also spared 0.8M of a
 * signed turn's 15.1M instructions.
 *
 * Nor are libcrypto's legacy name tables filled (every cipher and digest
 * by its old name, copied into the providers' name map at the first
 * fetch: 2.9M of the signed turn's 14.1M instructions) or its error
 * strings loaded (0.9M): gunbai fetches Ed25519 and SHA-256 by the names
 * the providers give them, and prints no libcrypto error text.  The
 * turn: 10.3M (bench/README). */
void
crypto_init(void)
{
	if (OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT |
	    OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ADD_ALL_CIPHERS |
	    OPENSSL_INIT_NO_ADD_ALL_DIGESTS |
	    OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS, NULL) != 1)
		crypto_nomem();
}

void
crypto_sha256(const void *data, size_t n, uint8_t out[CRYPTO_SHA256_BYTES])
{
#ifndef OPENSSL_NO_DEPRECATED_3_0
	/* libcrypto's SHA-256 on a context of our own: EVP_Digest allocates
	 * an EVP_MD_CTX and the provider's context at every call (two
	 * allocations, three under a reused EVP_MD_CTX's init), and the
	 * pipeline hashes a few small messages per decision point.  The
	 * same function computes the hash, without allocating. */
	SHA256_CTX c;

	if (data == NULL)
		data = "";
	if (SHA256_Init(&c) != 1 || SHA256_Update(&c, data, n) != 1 ||
	    SHA256_Final(out, &c) != 1)
		crypto_nomem();
	OPENSSL_cleanse(&c, sizeof c);
#else
	/* A libcrypto built without the deprecated SHA256_* calls.  Fetched
	 * once: EVP_sha256() is looked up in the providers again at every
	 * digest, which costs more than hashing a few hundred bytes. */
	static EVP_MD *sha256;
	unsigned int len = 0;

	if (sha256 == NULL && (sha256 = EVP_MD_fetch(NULL, "SHA256",
	    NULL)) == NULL)
		crypto_nomem();
	if (data == NULL)
		data = "";
	if (EVP_Digest(data, n, out, &len, sha256, NULL) != 1 ||
	    len != CRYPTO_SHA256_BYTES)
		crypto_nomem();
#endif
}

void
crypto_sha256_hex(const void *data, size_t n,
    char out[2 * CRYPTO_SHA256_BYTES + 1])
{
	uint8_t digest[CRYPTO_SHA256_BYTES];

	crypto_sha256(data, n, digest);
	util_hex(digest, sizeof digest, out);
}

static int
crypto_is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	    c == '\f' || c == '\r';
}

/* 1-based line and column of offset off in text. */
static void
crypto_position(const char *text, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else
			(*col)++;
	}
}

/* A PEM callback that refuses every passphrase: a public key needs none,
 * and the default callback would prompt on the terminal. */
static int
crypto_no_password(char *buf, int size, int rwflag, void *u)
{
	(void)buf;
	(void)size;
	(void)rwflag;
	(void)u;
	return -1;
}

/* Read the single Ed25519 "PUBLIC KEY" block that must be all of pem. */
static int
crypto_load_pubkey(const char *pem, EVP_PKEY **out, struct gb_err *e)
{
	size_t len = strlen(pem), start = 0;
	EVP_PKEY *pkey = NULL;
	const char *rest = NULL, *name;
	long restlen;
	BIO *bio;
	int line, col;

	*out = NULL;
	while (start < len && crypto_is_space((unsigned char)pem[start]))
		start++;
	if (strncmp(pem + start, PEM_BEGIN_PUBKEY,
	    strlen(PEM_BEGIN_PUBKEY)) != 0) {
		crypto_position(pem, start, &line, &col);
		if (strncmp(pem + start, "-----BEGIN ", 11) == 0) {
			const char *label = pem + start + 11;
			int k = 0;

			/* Quote the label only while it is plain text. */
			while (k < 40 && label[k] >= ' ' && label[k] <= '~' &&
			    strncmp(label + k, "-----", 5) != 0)
				k++;
			return err_set(e, line, col,
			    "expected a PEM 'PUBLIC KEY', found '%.*s'", k,
			    label);
		}
		return err_set(e, line, col, "not a PEM public key: no '%s' "
		    "line", PEM_BEGIN_PUBKEY);
	}
	if (len > INT_MAX)
		return err_set(e, 0, 0, "public key text is too large");

	/* The reader wants the BEGIN line at the start of a line. */
	if ((bio = BIO_new_mem_buf(pem + start, (int)(len - start))) == NULL)
		crypto_nomem();
	pkey = PEM_read_bio_PUBKEY(bio, NULL, crypto_no_password, NULL);
	if (pkey == NULL) {
		/* libcrypto's reasons ("unsupported") would not help. */
		ERR_clear_error();
		BIO_free(bio);
		crypto_position(pem, start, &line, &col);
		return err_set(e, line, col, "unreadable PEM public key: "
		    "damaged base64 or key data");
	}

	/* A memory BIO reports how much the PEM reader left unread. */
	restlen = BIO_get_mem_data(bio, &rest);
	if (restlen > 0 && (size_t)restlen <= len) {
		size_t off = len - (size_t)restlen;

		while (off < len && crypto_is_space((unsigned char)pem[off]))
			off++;
		if (off < len) {
			int more = strstr(pem + off, "-----BEGIN") != NULL;

			crypto_position(pem, off, &line, &col);
			EVP_PKEY_free(pkey);
			BIO_free(bio);
			ERR_clear_error();
			if (more)
				return err_set(e, line, col, "more than one "
				    "key: the file must hold exactly one "
				    "public key");
			return err_set(e, line, col, "text after the end of "
			    "the public key");
		}
	}
	BIO_free(bio);

	if (EVP_PKEY_get_id(pkey) != EVP_PKEY_ED25519) {
		name = EVP_PKEY_get0_type_name(pkey);
		if (name == NULL)
			name = OBJ_nid2sn(EVP_PKEY_get_base_id(pkey));
		if (name == NULL)
			name = "of an unknown type";
		crypto_position(pem, start, &line, &col);
		err_set(e, line, col, "public key is %s, not Ed25519", name);
		EVP_PKEY_free(pkey);
		ERR_clear_error();
		return -1;
	}
	{
		uint8_t raw[EDKEY_BYTES];
		size_t rawlen = sizeof raw;
		const char *why;

		if (EVP_PKEY_get_raw_public_key(pkey, raw, &rawlen) != 1 ||
		    rawlen != sizeof raw)
			why = "cannot read the Ed25519 public key's bytes";
		else
			why = edkey_weak(raw);
		if (why != NULL) {
			crypto_position(pem, start, &line, &col);
			EVP_PKEY_free(pkey);
			ERR_clear_error();
			return err_set(e, line, col, "%s", why);
		}
	}
	ERR_clear_error();
	*out = pkey;
	return 0;
}

static int crypto_b64_decode(const uint8_t *in, size_t n, uint8_t *out,
    size_t cap, size_t *outlen, const char **why, size_t *where);

/* The DER of an Ed25519 SubjectPublicKeyInfo before the 32 key bytes. */
static const uint8_t crypto_ed25519_spki[12] = { 0x30, 0x2a, 0x30, 0x05,
	0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00 };
#define PEM_END_PUBKEY "-----END PUBLIC KEY-----"
#define CRYPTO_CANON_B64 60 /* base64 of the 44 bytes of DER */

/* The key bytes of an Ed25519 key in canonical PEM (as states keep keys
 * and as OpenSSL writes them): the BEGIN line, 60 base64 characters, the
 * END line, each ending in a newline.  1 with raw set if pem is exactly
 * that, else 0 (the caller then takes the general PEM reader). */
static int
crypto_canonical_raw(const char *pem, uint8_t raw[EDKEY_BYTES])
{
	size_t lb = strlen(PEM_BEGIN_PUBKEY), le = strlen(PEM_END_PUBKEY);
	size_t outlen, where;
	uint8_t der[sizeof crypto_ed25519_spki + EDKEY_BYTES];
	const char *why, *b64 = pem + lb + 1;

	if (strlen(pem) != lb + 1 + CRYPTO_CANON_B64 + 1 + le + 1 ||
	    strncmp(pem, PEM_BEGIN_PUBKEY, lb) != 0 || pem[lb] != '\n' ||
	    b64[CRYPTO_CANON_B64] != '\n' ||
	    strncmp(b64 + CRYPTO_CANON_B64 + 1, PEM_END_PUBKEY, le) != 0 ||
	    b64[CRYPTO_CANON_B64 + 1 + le] != '\n')
		return 0;
	for (size_t i = 0; i < CRYPTO_CANON_B64; i++)
		if (crypto_is_space((unsigned char)b64[i]))
			return 0;
	if (crypto_b64_decode((const uint8_t *)b64, CRYPTO_CANON_B64, der,
	    sizeof der, &outlen, &why, &where) == -1 || outlen != sizeof der ||
	    memcmp(der, crypto_ed25519_spki, sizeof crypto_ed25519_spki) != 0)
		return 0;
	memcpy(raw, der + sizeof crypto_ed25519_spki, EDKEY_BYTES);
	return 1;
}

/* crypto_load_pubkey, without the PEM reader when pem is canonical: the
 * same key, the same weak-key refusal, a fraction of the cost (PEM
 * decoding was most of a signed turn's time, bench/README). */
static int
crypto_load_fast(const char *pem, EVP_PKEY **out, struct gb_err *e)
{
	uint8_t raw[EDKEY_BYTES];

	/* Anything else, a weak key included, gets the general reader and
	 * its messages. */
	if (!crypto_canonical_raw(pem, raw) || edkey_weak(raw) != NULL)
		return crypto_load_pubkey(pem, out, e);
	*out = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, raw,
	    sizeof raw);
	if (*out == NULL) {
		ERR_clear_error();
		return crypto_load_pubkey(pem, out, e);
	}
	return 0;
}

int
crypto_pubkey_check(const char *pem, char **canon, struct gb_err *e)
{
	uint8_t raw[EDKEY_BYTES];
	EVP_PKEY *pkey;
	char *data = NULL;
	long n;
	BIO *bio;

	if (canon != NULL)
		*canon = NULL;
	if (crypto_canonical_raw(pem, raw) && edkey_weak(raw) == NULL) {
		/* Canonical already, as PEM_write_bio_PUBKEY writes it, and
		 * not weak: crypto_load_fast would accept it (an Ed25519 key
		 * from its raw bytes is not checked further), so it is not
		 * made only to be freed (a state read checks every player's
		 * key). */
		if (canon != NULL)
			*canon = util_strdup(pem);
		return 0;
	}
	if (crypto_load_fast(pem, &pkey, e) < 0)
		return -1;
	if (canon == NULL || crypto_canonical_raw(pem, raw)) {
		if (canon != NULL)
			*canon = util_strdup(pem);
		EVP_PKEY_free(pkey);
		return 0;
	}
	if ((bio = BIO_new(BIO_s_mem())) == NULL)
		crypto_nomem();
	if (PEM_write_bio_PUBKEY(bio, pkey) != 1 ||
	    (n = BIO_get_mem_data(bio, &data)) <= 0 || data == NULL) {
		ERR_clear_error();
		BIO_free(bio);
		EVP_PKEY_free(pkey);
		return err_set(e, 0, 0, "cannot write the public key as PEM");
	}
	*canon = util_strndup(data, (size_t)n);
	BIO_free(bio);
	EVP_PKEY_free(pkey);
	return 0;
}

static int
crypto_b64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Strict base64 (RFC 4648 section 4, padded, canonical) with white space
 * anywhere ignored.  Writes at most cap bytes but counts all of them in
 * *outlen.  On error returns -1 with a reason and the offset of the
 * offending byte (n when the text ends too soon). */
static int
crypto_b64_decode(const uint8_t *in, size_t n, uint8_t *out, size_t cap,
    size_t *outlen, const char **why, size_t *where)
{
	uint32_t acc = 0;
	size_t len = 0;
	int k = 0, pad = 0, need = 0;
	uint8_t b[3];

	for (size_t i = 0; i < n; i++) {
		int c = in[i], v;

		if (crypto_is_space(c))
			continue;
		*where = i;
		if (need > 0 && pad == need) {
			*why = "text after the '=' padding";
			return -1;
		}
		if (c == '=') {
			if (need == 0) {
				if (k < 2) {
					*why = "misplaced '=' padding";
					return -1;
				}
				need = 4 - k;
				/* The bits the padding leaves over must be
				 * zero, or two texts would give one value. */
				if ((k == 2 && (acc & 0xf) != 0) ||
				    (k == 3 && (acc & 0x3) != 0)) {
					*why = "non-zero bits before the '=' "
					    "padding";
					return -1;
				}
				b[0] = (uint8_t)(k == 2 ? acc >> 4 : acc >> 10);
				b[1] = (uint8_t)(acc >> 2);
				for (int j = 0; j < k - 1; j++, len++)
					if (len < cap)
						out[len] = b[j];
			}
			pad++;
			continue;
		}
		if (need > 0) {
			*why = "text after the '=' padding";
			return -1;
		}
		if ((v = crypto_b64_value(c)) < 0) {
			*why = "invalid character";
			return -1;
		}
		acc = (acc << 6) | (uint32_t)v;
		if (++k == 4) {
			b[0] = (uint8_t)(acc >> 16);
			b[1] = (uint8_t)(acc >> 8);
			b[2] = (uint8_t)acc;
			for (int j = 0; j < 3; j++, len++)
				if (len < cap)
					out[len] = b[j];
			acc = 0;
			k = 0;
		}
	}
	*where = n;
	if (need > 0 && pad < need) {
		*why = "incomplete '=' padding";
		return -1;
	}
	if (need == 0 && k != 0) {
		*why = "length is not a multiple of 4 characters";
		return -1;
	}
	*outlen = len;
	return 0;
}

int
crypto_sig_decode(const uint8_t *buf, size_t n,
    uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e)
{
	const char *why = NULL;
	size_t outlen = 0, where = 0, chars = 0;
	uint8_t tmp[CRYPTO_SIG_BYTES];
	int line, col;

	if (n == CRYPTO_SIG_BYTES) {
		memcpy(sig, buf, CRYPTO_SIG_BYTES);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		if (crypto_is_space(buf[i]))
			continue;
		/* Binary: a raw signature of the wrong size. */
		if (buf[i] < 0x21 || buf[i] > 0x7e)
			return err_set(e, 0, 0, "signature is %zu bytes; %s",
			    n, SIG_HINT);
		chars++;
	}
	if (chars == 0)
		return err_set(e, 0, 0, "signature file is empty");
	if (crypto_b64_decode(buf, n, tmp, sizeof(tmp), &outlen, &why,
	    &where) < 0) {
		/* Text: report where the base64 goes wrong. */
		crypto_position((const char *)buf, where, &line, &col);
		if (where < n)
			return err_set(e, line, col, "signature is not "
			    "base64: %s '%c'", why, buf[where]);
		return err_set(e, line, col, "signature is not base64: %s",
		    why);
	}
	if (outlen != CRYPTO_SIG_BYTES)
		return err_set(e, 0, 0, "signature is %zu characters of base64 "
		    "decoding to %zu bytes; %s", chars, outlen, SIG_HINT);
	memcpy(sig, tmp, CRYPTO_SIG_BYTES);
	return 0;
}

/* The keys verified with lately, made once each: a mail-in message may
 * cost 32 verifications with a game's two to six keys, and making the
 * key from its PEM was a sixth of each (EVP_PKEY_new_raw_public_key and
 * its name lookups).  Kept to the process's end, as libcrypto's own
 * tables are (crypto_init); an EVP_PKEY is only read by a verify. */
#define CRYPTO_KEYS_KEPT 8
static struct {
	char *pem;
	EVP_PKEY *pkey;
} crypto_kept[CRYPTO_KEYS_KEPT];
static size_t crypto_kept_next;

/* The key of pem, kept or made: 0, or -1 with e set. */
static int
crypto_verify_key(const char *pem, EVP_PKEY **out, struct gb_err *e)
{
	size_t i = crypto_kept_next % CRYPTO_KEYS_KEPT;

	for (size_t k = 0; k < CRYPTO_KEYS_KEPT; k++)
		if (crypto_kept[k].pem != NULL &&
		    strcmp(crypto_kept[k].pem, pem) == 0) {
			*out = crypto_kept[k].pkey;
			return 0;
		}
	if (crypto_load_fast(pem, out, e) < 0)
		return -1;
	free(crypto_kept[i].pem);
	EVP_PKEY_free(crypto_kept[i].pkey);
	crypto_kept[i].pem = util_strdup(pem);
	crypto_kept[i].pkey = *out;
	crypto_kept_next++;
	return 0;
}

/* The verdicts given lately: mail-in judges the files of the inbox again
 * for every message it files (gamedir_inbox), and one file's signature
 * was verified four times a message.  A verdict is kept by the key, the
 * signature and the SHA-256 of the bytes signed (the same bytes: a
 * collision of SHA-256 would be needed to reuse it for others), and only
 * a verdict, 1 or 0, never an error. */
#define CRYPTO_VERDICTS_KEPT 64
static struct {
	char *pem;
	uint8_t sig[CRYPTO_SIG_BYTES];
	uint8_t sha[CRYPTO_SHA256_BYTES];
	int verdict;
} crypto_verdicts[CRYPTO_VERDICTS_KEPT];
static size_t crypto_verdicts_next;

int
crypto_verify(const char *pem, const void *data, size_t n,
    const uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e)
{
	uint8_t sha[CRYPTO_SHA256_BYTES];
	EVP_PKEY *pkey;
	EVP_MD_CTX *ctx;
	size_t slot;
	int rc, ret;

	crypto_sha256(data != NULL ? data : "", data != NULL ? n : 0, sha);
	for (size_t k = 0; k < CRYPTO_VERDICTS_KEPT; k++)
		if (crypto_verdicts[k].pem != NULL &&
		    memcmp(crypto_verdicts[k].sha, sha, sizeof sha) == 0 &&
		    memcmp(crypto_verdicts[k].sig, sig, CRYPTO_SIG_BYTES) == 0 &&
		    strcmp(crypto_verdicts[k].pem, pem) == 0)
			return crypto_verdicts[k].verdict;
	if (crypto_verify_key(pem, &pkey, e) < 0)
		return -1;
	if ((ctx = EVP_MD_CTX_new()) == NULL)
		crypto_nomem();
	if (data == NULL)
		data = "";
	/* Ed25519 hashes the message itself: no digest, one shot. */
	if (EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, pkey) != 1)
		ret = err_set(e, 0, 0, "cannot verify with this public key");
	else {
		rc = EVP_DigestVerify(ctx, sig, CRYPTO_SIG_BYTES, data, n);
		if (rc == 1)
			ret = 1;
		else if (rc == 0)
			ret = 0;
		else
			ret = err_set(e, 0, 0, "cannot verify with this "
			    "public key");
	}
	ERR_clear_error();
	EVP_MD_CTX_free(ctx);
	if (ret == 0 || ret == 1) {
		slot = crypto_verdicts_next++ % CRYPTO_VERDICTS_KEPT;
		free(crypto_verdicts[slot].pem);
		crypto_verdicts[slot].pem = util_strdup(pem);
		memcpy(crypto_verdicts[slot].sig, sig, CRYPTO_SIG_BYTES);
		memcpy(crypto_verdicts[slot].sha, sha, sizeof sha);
		crypto_verdicts[slot].verdict = ret;
	}
	return ret;
}

int
crypto_pubkey_raw(const char *pem, uint8_t raw[32])
{
	return crypto_canonical_raw(pem, raw) ? 0 : -1;
}

char *
crypto_pubkey_pem(const uint8_t raw[32])
{
	uint8_t der[sizeof crypto_ed25519_spki + EDKEY_BYTES];
	struct sbuf b;

	memcpy(der, crypto_ed25519_spki, sizeof crypto_ed25519_spki);
	memcpy(der + sizeof crypto_ed25519_spki, raw, EDKEY_BYTES);
	sbuf_init(&b);
	sbuf_puts(&b, PEM_BEGIN_PUBKEY "\n");
	util_base64(der, sizeof der, &b);
	sbuf_puts(&b, "\n" PEM_END_PUBKEY "\n");
	return sbuf_take(&b);
}

struct crypto_key *
crypto_key_load(const char *pem, char **pub, struct gb_err *e)
{
	uint8_t raw[EDKEY_BYTES];
	size_t rawlen = sizeof raw, len = strlen(pem);
	EVP_PKEY *pkey;
	BIO *bio;

	*pub = NULL;
	if (len > INT_MAX || strstr(pem, "-----BEGIN PRIVATE KEY-----") ==
	    NULL) {
		err_set(e, 0, 0, "not an unencrypted PEM 'PRIVATE KEY' (make "
		    "one with 'openssl genpkey -algorithm ed25519')");
		return NULL;
	}
	if ((bio = BIO_new_mem_buf(pem, (int)len)) == NULL)
		crypto_nomem();
	pkey = PEM_read_bio_PrivateKey(bio, NULL, crypto_no_password, NULL);
	BIO_free(bio);
	if (pkey == NULL || EVP_PKEY_get_id(pkey) != EVP_PKEY_ED25519) {
		ERR_clear_error();
		EVP_PKEY_free(pkey);
		err_set(e, 0, 0, "not an Ed25519 private key");
		return NULL;
	}
	if (EVP_PKEY_get_raw_public_key(pkey, raw, &rawlen) != 1 ||
	    rawlen != sizeof raw) {
		ERR_clear_error();
		EVP_PKEY_free(pkey);
		err_set(e, 0, 0, "cannot read the Ed25519 public key's bytes");
		return NULL;
	}
	*pub = crypto_pubkey_pem(raw);
	ERR_clear_error();
	return (struct crypto_key *)pkey;
}

void
crypto_sign(struct crypto_key *k, const void *data, size_t n,
    uint8_t sig[CRYPTO_SIG_BYTES])
{
	EVP_MD_CTX *ctx;
	size_t siglen = CRYPTO_SIG_BYTES;

	if ((ctx = EVP_MD_CTX_new()) == NULL)
		crypto_nomem();
	/* Ed25519 cannot fail to sign with a key that loaded, but for want
	 * of memory. */
	if (EVP_DigestSignInit(ctx, NULL, NULL, NULL, (EVP_PKEY *)k) != 1 ||
	    EVP_DigestSign(ctx, sig, &siglen, data, n) != 1)
		crypto_nomem();
	EVP_MD_CTX_free(ctx);
}

void
crypto_key_free(struct crypto_key *k)
{
	EVP_PKEY_free((EVP_PKEY *)k);
}

int
crypto_os_random(uint8_t *buf, size_t n, struct gb_err *e)
{
	/* getentropy(3) gives at most 256 bytes per call. */
	while (n > 0) {
		size_t k = n < 256 ? n : 256;

		if (getentropy(buf, k) != 0)
			return err_set(e, 0, 0, "cannot read random bytes "
			    "from the operating system: %s", strerror(errno));
		buf += k;
		n -= k;
	}
	return 0;
}
