#include "units.h"

int kib_to_bytes(double kib)
{
    return (int)(kib * 1024);
}
