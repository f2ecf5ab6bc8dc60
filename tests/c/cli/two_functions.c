static int helper_square(int x) { return x * x; }

int main(void)
{
    return helper_square(3) - 9;
}
