#include "units.h"

long kib_to_bytes(double kib)
{
    return (long)(kib * 1024);
}
