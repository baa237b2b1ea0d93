/* goto forward and backward, labels at block ends. */
int main(void) {
    int n = 0;
again:
    n++;
    if (n < 3)
        goto again;
    if (n == 3)
        goto out;
    n = 100;
out:
    return n;
}
