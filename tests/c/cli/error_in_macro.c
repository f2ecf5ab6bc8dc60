#define DECLARE(name) int name = 2

int main(void)
{
    DECLARE(a) return a;
}
