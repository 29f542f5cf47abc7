#pragma once

typedef double* FieldBufferType;

// Empty extension point
typedef struct ChunkExtension
{
} ChunkExtension;
