/* ?: is a branch with a join; nested and as an lvalue operand. */
int main(int argc, char **argv) {
    int x = argc > 2 ? 10 : argc > 1 ? 20 : 30;
    int y = (x & 1) ? x : -x;
    return x + y;
}
