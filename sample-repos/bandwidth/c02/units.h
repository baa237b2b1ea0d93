#ifndef UNITS_H
#define UNITS_H

/* Bytes in `kib` kibibytes. */
int kib_to_bytes(double kib);

#endif
