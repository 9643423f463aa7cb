/* edkey.c - refuse Ed25519 public keys of small order and non-canonical
 * encodings (edkey.h).  Pure arithmetic on the 32 encoded bytes. */
#include <string.h>

#include "base/edkey.h"

/* The y coordinates (little-endian, sign bit clear) of the points of small
 * order: 0 (order 4, both signs of x), 1 (the identity), p - 1 (order 2)
 * and the two y of the points of order 8.  With their sign bits these are
 * the eight canonical small-order encodings, and two non-canonical ones
 * (x = 0 with the sign bit set). */
static const uint8_t edkey_small_y[][EDKEY_BYTES] = {
	{ 0 },
	{ 1 },
	{ 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f },
	{ 0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4,
	  0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6,
	  0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05 },
	{ 0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b,
	  0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39,
	  0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a },
};

/* Is y (255 bits, little-endian) at least p = 2^255 - 19?  That is:
 * bytes 1..30 all 0xff, byte 31 0x7f and byte 0 at least 0xed. */
static int
edkey_unreduced(const uint8_t y[EDKEY_BYTES])
{
	if (y[EDKEY_BYTES - 1] != 0x7f || y[0] < 0xed)
		return 0;
	for (int i = 1; i < EDKEY_BYTES - 1; i++)
		if (y[i] != 0xff)
			return 0;
	return 1;
}

const char *
edkey_weak(const uint8_t key[EDKEY_BYTES])
{
	uint8_t y[EDKEY_BYTES];

	memcpy(y, key, sizeof y);
	y[EDKEY_BYTES - 1] &= 0x7f;
	if (edkey_unreduced(y))
		return "the Ed25519 public key is not canonically encoded "
		    "(its y coordinate is not below 2^255 - 19)";
	for (size_t i = 0; i < sizeof edkey_small_y / sizeof edkey_small_y[0];
	    i++)
		if (memcmp(y, edkey_small_y[i], sizeof y) == 0)
			return "the Ed25519 public key is of small order: one "
			    "fixed signature would verify any file as this "
			    "player";
	return NULL;
}
