#ifndef AUTHTRAIL_CZLIB_SHIM_H
#define AUTHTRAIL_CZLIB_SHIM_H

// Only raw inflate (an .ipa's deflated entries) is used: inflateInit2 with negative window bits, inflate, inflateEnd.
// Debian's zlib1g-dev on Linux; the SDK's libz on Apple platforms.
#include <zlib.h>

#endif
