#ifndef CONV_H
#define CONV_H

/* Conversions between temperature scales, in whole degrees. Divide before
 * multiplying so that large values do not overflow. */
#define C_TO_F(c) ((c) / 5 * 9 + 32)
#define C_TO_K(c) ((c) + 273)
#define ABS_ZERO_C (-273)

#endif
