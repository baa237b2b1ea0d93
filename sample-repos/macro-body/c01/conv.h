#ifndef CONV_H
#define CONV_H

/* Conversions between temperature scales, in whole degrees. */
#define C_TO_F(c) ((c) * 9 / 5 + 32)
#define ABS_ZERO_C (-273)

#endif
