#include "textflag.h"

// func boundRowsVNNI(m []int8, q []uint8, bias []int32, scale []float32, out, kw []float32, mul, add, kwScale float32, stride int)
// Per row r of m (len(q) bytes, a multiple of 32, from byte r × stride): out[r] = float32(Σ q·m[r] −
// bias[r]) × scale[r] × mul + add, and kw[r] = out[r] × kwScale; the sums are exact (VPDPBUSD: unsigned
// query bytes times signed row bytes, four products to a lane), four rows at a time sharing the query's
// loads.
TEXT ·boundRowsVNNI(SB), NOSPLIT, $0-168
	MOVQ m_base+0(FP), SI
	MOVQ q_base+24(FP), DI
	MOVQ q_len+32(FP), CX
	MOVQ bias_base+48(FP), R8
	MOVQ scale_base+72(FP), R13
	MOVQ out_base+96(FP), DX
	MOVQ out_len+104(FP), BX
	MOVQ kw_base+120(FP), R14
	VBROADCASTSS mul+144(FP), X6
	VBROADCASTSS add+148(FP), X7
	VBROADCASTSS kwScale+152(FP), X8
	MOVQ stride+160(FP), R12

rows4:
	CMPQ BX, $4
	JLT  rows1
	LEAQ (SI)(R12*1), R9
	LEAQ (R9)(R12*1), R10
	LEAQ (R10)(R12*1), R11
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	XORQ AX, AX

loop4:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (SI)(AX*1), Y4, Y0
	VPDPBUSD (R9)(AX*1), Y4, Y1
	VPDPBUSD (R10)(AX*1), Y4, Y2
	VPDPBUSD (R11)(AX*1), Y4, Y3
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop4
	VPHADDD      Y1, Y0, Y0 // per 128-bit lane: [r0 a+b, r0 c+d, r1 a+b, r1 c+d]
	VPHADDD      Y3, Y2, Y2
	VPHADDD      Y2, Y0, Y0 // per lane: [r0, r1, r2, r3]
	VEXTRACTI128 $1, Y0, X5
	VPADDD       X5, X0, X0
	VPSUBD       (R8), X0, X0
	VCVTDQ2PS    X0, X0
	VMULPS       (R13), X0, X0
	VMULPS       X6, X0, X0
	VADDPS       X7, X0, X0
	VMOVUPS      X0, (DX)
	VMULPS       X8, X0, X0
	VMOVUPS      X0, (R14)
	LEAQ (R11)(R12*1), SI
	ADDQ $16, R8
	ADDQ $16, R13
	ADDQ $16, DX
	ADDQ $16, R14
	SUBQ $4, BX
	JMP  rows4

rows1:
	TESTQ BX, BX
	JZ    done
	VPXOR Y0, Y0, Y0
	XORQ  AX, AX

loop1:
	VMOVDQU  (DI)(AX*1), Y4
	VPDPBUSD (SI)(AX*1), Y4, Y0
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop1
	VEXTRACTI128 $1, Y0, X5
	VPADDD       X5, X0, X0
	VPHADDD      X0, X0, X0
	VPHADDD      X0, X0, X0
	VMOVD        (R8), X5
	VPSUBD       X5, X0, X0
	VCVTDQ2PS    X0, X0
	VMULSS       (R13), X0, X0
	VMULSS       X6, X0, X0
	VADDSS       X7, X0, X0
	VMOVSS       X0, (DX)
	VMULSS       X8, X0, X0
	VMOVSS       X0, (R14)
	ADDQ R12, SI
	ADDQ $4, R8
	ADDQ $4, R13
	ADDQ $4, DX
	ADDQ $4, R14
	DECQ BX
	JMP  rows1

done:
	VZEROUPPER
	RET

// DATA for boundRowsAVX2: bytes of 0x80 (to turn a query byte into its signed component) and words of 1
// (to add VPMADDUBSW's pairs into dwords).
DATA signBit<>+0(SB)/8, $0x8080808080808080
DATA signBit<>+8(SB)/8, $0x8080808080808080
DATA signBit<>+16(SB)/8, $0x8080808080808080
DATA signBit<>+24(SB)/8, $0x8080808080808080
GLOBL signBit<>(SB), RODATA|NOPTR, $32
DATA oneWords<>+0(SB)/8, $0x0001000100010001
DATA oneWords<>+8(SB)/8, $0x0001000100010001
DATA oneWords<>+16(SB)/8, $0x0001000100010001
DATA oneWords<>+24(SB)/8, $0x0001000100010001
GLOBL oneWords<>(SB), RODATA|NOPTR, $32

// func boundRowsAVX2(m []int8, q []uint8, bias []int32, scale []float32, out, kw []float32, mul, add, kwScale float32, stride int)
// boundRowsVNNI's results with AVX2 alone: per 32 bytes, the query's signed components k = q − 128 (0
// where q is 0, past the query's length), |k| times the row's bytes with k's sign (VPSIGNB, VPMADDUBSW:
// pairs of products of at most 127·127 each, so no word saturates), pairs of words added into dwords
// (VPMADDWD by ones). Σ k·m is Σ q·m − bias exactly, so the bias is not read. Four rows at a time share
// the query's work.
TEXT ·boundRowsAVX2(SB), NOSPLIT, $0-168
	MOVQ m_base+0(FP), SI
	MOVQ q_base+24(FP), DI
	MOVQ q_len+32(FP), CX
	MOVQ scale_base+72(FP), R13
	MOVQ out_base+96(FP), DX
	MOVQ out_len+104(FP), BX
	MOVQ kw_base+120(FP), R14
	VBROADCASTSS mul+144(FP), X6
	VBROADCASTSS add+148(FP), X7
	VBROADCASTSS kwScale+152(FP), X8
	MOVQ stride+160(FP), R12
	VMOVDQU signBit<>(SB), Y13
	VMOVDQU oneWords<>(SB), Y14
	VPXOR   Y15, Y15, Y15

rows4:
	CMPQ BX, $4
	JLT  rows1
	LEAQ (SI)(R12*1), R9
	LEAQ (R9)(R12*1), R10
	LEAQ (R10)(R12*1), R11
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	XORQ AX, AX

loop4:
	VMOVDQU    (DI)(AX*1), Y4
	VPCMPEQB   Y15, Y4, Y9 // padding
	VPXOR      Y13, Y4, Y4 // k = q − 128
	VPANDN     Y4, Y9, Y4  // k = 0 in the padding
	VPABSB     Y4, Y5      // |k|
	VMOVDQU    (SI)(AX*1), Y10
	VPSIGNB    Y4, Y10, Y10
	VPMADDUBSW Y10, Y5, Y10
	VPMADDWD   Y14, Y10, Y10
	VPADDD     Y10, Y0, Y0
	VMOVDQU    (R9)(AX*1), Y11
	VPSIGNB    Y4, Y11, Y11
	VPMADDUBSW Y11, Y5, Y11
	VPMADDWD   Y14, Y11, Y11
	VPADDD     Y11, Y1, Y1
	VMOVDQU    (R10)(AX*1), Y10
	VPSIGNB    Y4, Y10, Y10
	VPMADDUBSW Y10, Y5, Y10
	VPMADDWD   Y14, Y10, Y10
	VPADDD     Y10, Y2, Y2
	VMOVDQU    (R11)(AX*1), Y11
	VPSIGNB    Y4, Y11, Y11
	VPMADDUBSW Y11, Y5, Y11
	VPMADDWD   Y14, Y11, Y11
	VPADDD     Y11, Y3, Y3
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop4
	VPHADDD      Y1, Y0, Y0
	VPHADDD      Y3, Y2, Y2
	VPHADDD      Y2, Y0, Y0
	VEXTRACTI128 $1, Y0, X5
	VPADDD       X5, X0, X0
	VCVTDQ2PS    X0, X0
	VMULPS       (R13), X0, X0
	VMULPS       X6, X0, X0
	VADDPS       X7, X0, X0
	VMOVUPS      X0, (DX)
	VMULPS       X8, X0, X0
	VMOVUPS      X0, (R14)
	LEAQ (R11)(R12*1), SI
	ADDQ $16, R13
	ADDQ $16, DX
	ADDQ $16, R14
	SUBQ $4, BX
	JMP  rows4

rows1:
	TESTQ BX, BX
	JZ    done
	VPXOR Y0, Y0, Y0
	XORQ  AX, AX

loop1:
	VMOVDQU    (DI)(AX*1), Y4
	VPCMPEQB   Y15, Y4, Y9
	VPXOR      Y13, Y4, Y4
	VPANDN     Y4, Y9, Y4
	VPABSB     Y4, Y5
	VMOVDQU    (SI)(AX*1), Y10
	VPSIGNB    Y4, Y10, Y10
	VPMADDUBSW Y10, Y5, Y10
	VPMADDWD   Y14, Y10, Y10
	VPADDD     Y10, Y0, Y0
	ADDQ $32, AX
	CMPQ AX, CX
	JLT  loop1
	VEXTRACTI128 $1, Y0, X5
	VPADDD       X5, X0, X0
	VPHADDD      X0, X0, X0
	VPHADDD      X0, X0, X0
	VCVTDQ2PS    X0, X0
	VMULSS       (R13), X0, X0
	VMULSS       X6, X0, X0
	VADDSS       X7, X0, X0
	VMOVSS       X0, (DX)
	VMULSS       X8, X0, X0
	VMOVSS       X0, (R14)
	ADDQ R12, SI
	ADDQ $4, R13
	ADDQ $4, DX
	ADDQ $4, R14
	DECQ BX
	JMP  rows1

done:
	VZEROUPPER
	RET
