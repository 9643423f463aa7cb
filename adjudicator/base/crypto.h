/* crypto.h - every use of OpenSSL in gunbai is behind this header.
 *
 * Signatures are Ed25519 over the raw bytes of a file, exactly as made by
 * `openssl pkeyutl -sign -rawin -inkey KEY.pem -in FILE -out FILE.sig`
 * (formats/signatures.md). */
#ifndef GUNBAI_CRYPTO_H
#define GUNBAI_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

#include "base/util.h"

#define CRYPTO_SHA256_BYTES 32
#define CRYPTO_SIG_BYTES 64

/* Called first by a program: libcrypto's state is left for the kernel
 * to take back at exit. */
void crypto_init(void);

/* SHA-256 of n bytes. */
void crypto_sha256(const void *data, size_t n,
    uint8_t out[CRYPTO_SHA256_BYTES]);
/* The same in lower-case hex, NUL-terminated. */
void crypto_sha256_hex(const void *data, size_t n,
    char out[2 * CRYPTO_SHA256_BYTES + 1]);

/* Check that pem (NUL-terminated) is exactly one PEM "PUBLIC KEY" holding
 * an Ed25519 key.  On success returns 0 and, if canon is not NULL, stores
 * the canonical PEM text of the key (caller frees); on failure -1 with a
 * reason in e->msg. */
int crypto_pubkey_check(const char *pem, char **canon, struct gb_err *e);

/* Decode a signature file's bytes: exactly 64 raw bytes, or base64 of 64
 * bytes with optional white space.  Returns 0 or -1 with a reason. */
int crypto_sig_decode(const uint8_t *buf, size_t n,
    uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e);

/* Verify sig over data with the Ed25519 public key in pem.  Returns 1 if it
 * verifies, 0 if it does not, -1 if the key cannot be used (e set). */
int crypto_verify(const char *pem, const void *data, size_t n,
    const uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e);

/* The 32 bytes of the Ed25519 key in pem, a key as a state keeps it (the
 * canonical PEM crypto_pubkey_check writes).  0, or -1 if pem is not. */
int crypto_pubkey_raw(const char *pem, uint8_t raw[32]);
/* The canonical PEM of the Ed25519 key of 32 bytes raw (caller frees). */
char *crypto_pubkey_pem(const uint8_t raw[32]);

/* An Ed25519 private key: the organiser's, which signs the evidence of
 * receipts and reports (formats/evidence.md). */
struct crypto_key;

/* Read pem, exactly one PKCS#8 "PRIVATE KEY" with an Ed25519 key, as
 * `openssl genpkey -algorithm ed25519` writes it (unencrypted).  Returns
 * the key, and its public key as canonical PEM in *pub (caller frees);
 * NULL with e set if pem is not such a key. */
struct crypto_key *crypto_key_load(const char *pem, char **pub,
    struct gb_err *e);
/* The Ed25519 signature of n bytes of data. */
void crypto_sign(struct crypto_key *k, const void *data, size_t n,
    uint8_t sig[CRYPTO_SIG_BYTES]);
void crypto_key_free(struct crypto_key *k);

/* Fill buf with n bytes from the operating system's random source.
 * Returns 0 or -1 with e set. */
int crypto_os_random(uint8_t *buf, size_t n, struct gb_err *e);

#endif
