int main(void)
{
    int x = 2 @ 3;
    return x;
}
