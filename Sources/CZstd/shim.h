#ifndef AUTHTRAIL_CZSTD_SHIM_H
#define AUTHTRAIL_CZSTD_SHIM_H

// Experimental parameters (ZSTD_d_stableOutBuffer, frame header parsing) are
// not needed; only the stable streaming API is used.
#include <zstd.h>
#include <zstd_errors.h>

#endif
