/* Buffering stderr: the run writes stderr unbuffered, so what an abort loses of it
   would differ. */
#include <stdio.h>

int main(void)
{
    setvbuf(stderr, NULL, _IOLBF, 0); // ~ERROR unsupported
    fprintf(stderr, "buffered\n");
    return 0;
}
