int main(void)
{
    int x = 123abc;
    return x;
}
