/* bench_floor.c - the floor `make bench` compares `gunbai adjudicate`
 * with: only the work no adjudicator can skip.
 *
 *   bench_floor STATE ORDERS...
 *
 * Reads STATE and each ORDERS file and its ORDERS.sig, parses every file
 * with libyaml (the whole event stream, no tree), takes the players' keys
 * from the state and each file's player, and verifies each signature
 * with libcrypto against the key of the player the file names.  Exits 0
 * if every signature verifies.  It uses nothing of gunbai's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <yaml.h>

#define FLOOR_MAX 8

static char *
floor_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			if ((buf = realloc(buf, cap + 1)) == NULL)
				exit(1);
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Parse buf; the scalar values of the keys "name" and "key" (in the
 * state) or "player" (in orders) are kept, in order. */
struct floor_doc {
	char *names[FLOOR_MAX];
	char *keys[FLOOR_MAX];
	int nnames, nkeys;
	char *player;
};

static void
floor_parse(const char *path, const char *buf, size_t len,
    struct floor_doc *d)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int done = 0, want = 0; /* 1 name, 2 key, 3 player */
	char *last = NULL;

	memset(d, 0, sizeof *d);
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			fprintf(stderr, "%s: YAML error\n", path);
			exit(1);
		}
		if (ev.type == YAML_SCALAR_EVENT) {
			char *v = (char *)ev.data.scalar.value;
			if (want == 1 && d->nnames < FLOOR_MAX)
				d->names[d->nnames++] = strdup(v);
			else if (want == 2 && d->nkeys < FLOOR_MAX)
				d->keys[d->nkeys++] = strdup(v);
			else if (want == 3 && d->player == NULL)
				d->player = strdup(v);
			want = 0;
			if (last == NULL) {
				want = strcmp(v, "name") == 0 ? 1 :
				    strcmp(v, "key") == 0 ? 2 :
				    strcmp(v, "player") == 0 ? 3 : 0;
				last = v;
			} else
				last = NULL;
		} else
			last = NULL, want = 0;
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
}

static void
floor_free(struct floor_doc *d)
{
	for (int i = 0; i < d->nnames; i++)
		free(d->names[i]);
	for (int i = 0; i < d->nkeys; i++)
		free(d->keys[i]);
	free(d->player);
}

int
main(int argc, char **argv)
{
	struct floor_doc st;
	size_t len;
	char *buf;
	int bad = 0;

	if (argc < 3) {
		fputs("usage: bench_floor STATE ORDERS...\n", stderr);
		return 2;
	}
	buf = floor_read(argv[1], &len);
	floor_parse(argv[1], buf, len, &st);
	free(buf);
	for (int i = 2; i < argc; i++) {
		struct floor_doc od;
		char sigpath[4096];
		unsigned char sigbuf[256], sig[64];
		size_t siglen;
		char *data, *sigtext;
		EVP_PKEY *key = NULL;
		EVP_MD_CTX *ctx;
		BIO *bio;
		int k;

		data = floor_read(argv[i], &len);
		floor_parse(argv[i], data, len, &od);
		snprintf(sigpath, sizeof sigpath, "%s.sig", argv[i]);
		sigtext = floor_read(sigpath, &siglen);
		if (siglen == 64)
			memcpy(sig, sigtext, 64);
		else if (siglen < sizeof sigbuf && EVP_DecodeBlock(sigbuf,
		    (unsigned char *)sigtext, (int)siglen) >= 64)
			memcpy(sig, sigbuf, 64);
		else
			bad = 1;
		free(sigtext);
		for (k = 0; k < st.nnames; k++)
			if (od.player != NULL && strcmp(st.names[k], od.player) == 0)
				break;
		if (k == st.nnames || k >= st.nkeys) {
			fprintf(stderr, "%s: no such player\n", argv[i]);
			return 1;
		}
		bio = BIO_new_mem_buf(st.keys[k], -1);
		key = PEM_read_bio_PUBKEY(bio, NULL, NULL, NULL);
		BIO_free(bio);
		ctx = EVP_MD_CTX_new();
		if (key == NULL || ctx == NULL ||
		    EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) != 1 ||
		    EVP_DigestVerify(ctx, sig, 64, (unsigned char *)data,
		    len) != 1) {
			fprintf(stderr, "%s: the signature does not verify\n",
			    argv[i]);
			bad = 1;
		}
		EVP_MD_CTX_free(ctx);
		EVP_PKEY_free(key);
		free(data);
		floor_free(&od);
	}
	floor_free(&st);
	return bad;
}
