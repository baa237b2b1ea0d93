#ifndef UNITS_H
#define UNITS_H

/* Bytes in `kib` kibibytes. */
long kib_to_bytes(double kib);

#endif
