double table[16];

void start()
{
#pragma qd enter data copyin(table)
}
