/* Address-taken locals live in memory; pointers to pointers; casts. */
void bump(int *p) { (*p)++; }
int main(void) {
    int x = 41;
    int *p = &x;
    int **pp = &p;
    bump(*pp);
    long addr_low = (long)(char)x;
    return x + (int)addr_low;
}
