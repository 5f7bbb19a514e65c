#include "textflag.h"

// func dotRowsAVX2(m []float32, at []int32, v, out []float32)
// Per row: eight lanes of fused multiply-adds over blocks of eight, folded to four lanes, one block of four,
// then (l0+l1)+(l2+l3). Four rows at a time share the query's loads; the rest one at a time, in the same
// order of operations, so a row's result does not depend on which path computed it. The rows are m's rows
// at[0], at[1], … or, for an empty at, its first len(out) rows in order.
TEXT ·dotRowsAVX2(SB), NOSPLIT, $0-96
	MOVQ m_base+0(FP), CX // the next row (no at) or the first (at)
	MOVQ at_base+24(FP), R8
	MOVQ at_len+32(FP), AX
	TESTQ AX, AX
	JNZ   args
	XORQ  R8, R8          // no at: rows in order

args:
	MOVQ v_base+48(FP), DI
	MOVQ v_len+56(FP), R12
	MOVQ out_base+72(FP), DX
	MOVQ out_len+80(FP), BX
	MOVQ R12, R13
	ANDQ $-8, R13         // the floats in blocks of eight
	MOVQ R12, R14
	ANDQ $-4, R14         // the floats in blocks of four
	SHLQ $2, R12          // a row's bytes

rows4:
	CMPQ  BX, $4
	JLT   rows1
	TESTQ R8, R8
	JNZ   at4
	MOVQ  CX, SI
	LEAQ  (SI)(R12*1), R9
	LEAQ  (R9)(R12*1), R10
	LEAQ  (R10)(R12*1), R11
	LEAQ  (R11)(R12*1), CX
	JMP   start4

at4:
	MOVLQSX (R8), SI
	IMULQ   R12, SI
	ADDQ    CX, SI
	MOVLQSX 4(R8), R9
	IMULQ   R12, R9
	ADDQ    CX, R9
	MOVLQSX 8(R8), R10
	IMULQ   R12, R10
	ADDQ    CX, R10
	MOVLQSX 12(R8), R11
	IMULQ   R12, R11
	ADDQ    CX, R11
	ADDQ    $16, R8

start4:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	XORQ AX, AX

loop4:
	CMPQ AX, R13
	JGE  fold4
	VMOVUPS     (DI)(AX*4), Y4
	VFMADD231PS (SI)(AX*4), Y4, Y0
	VFMADD231PS (R9)(AX*4), Y4, Y1
	VFMADD231PS (R10)(AX*4), Y4, Y2
	VFMADD231PS (R11)(AX*4), Y4, Y3
	ADDQ $8, AX
	JMP  loop4

fold4:
	VEXTRACTF128 $1, Y0, X5
	VADDPS       X5, X0, X0
	VEXTRACTF128 $1, Y1, X5
	VADDPS       X5, X1, X1
	VEXTRACTF128 $1, Y2, X5
	VADDPS       X5, X2, X2
	VEXTRACTF128 $1, Y3, X5
	VADDPS       X5, X3, X3
	CMPQ AX, R14
	JGE  sum4
	VMOVUPS     (DI)(AX*4), X4
	VFMADD231PS (SI)(AX*4), X4, X0
	VFMADD231PS (R9)(AX*4), X4, X1
	VFMADD231PS (R10)(AX*4), X4, X2
	VFMADD231PS (R11)(AX*4), X4, X3

sum4:
	VHADDPS X1, X0, X0    // [r0 l0+l1, r0 l2+l3, r1 l0+l1, r1 l2+l3]
	VHADDPS X3, X2, X2    // the same of rows 2 and 3
	VHADDPS X2, X0, X0    // [r0, r1, r2, r3]
	VMOVUPS X0, (DX)
	ADDQ $16, DX
	SUBQ $4, BX
	JMP  rows4

rows1:
	TESTQ BX, BX
	JZ    done
	TESTQ R8, R8
	JNZ   at1
	MOVQ  CX, SI
	ADDQ  R12, CX
	JMP   start1

at1:
	MOVLQSX (R8), SI
	IMULQ   R12, SI
	ADDQ    CX, SI
	ADDQ    $4, R8

start1:
	VXORPS Y0, Y0, Y0
	XORQ AX, AX

loop1:
	CMPQ AX, R13
	JGE  fold1
	VMOVUPS     (DI)(AX*4), Y4
	VFMADD231PS (SI)(AX*4), Y4, Y0
	ADDQ $8, AX
	JMP  loop1

fold1:
	VEXTRACTF128 $1, Y0, X5
	VADDPS       X5, X0, X0
	CMPQ AX, R14
	JGE  sum1
	VMOVUPS     (DI)(AX*4), X4
	VFMADD231PS (SI)(AX*4), X4, X0

sum1:
	VHADDPS X0, X0, X0
	VHADDPS X0, X0, X0
	VMOVSS  X0, (DX)
	ADDQ $4, DX
	DECQ BX
	JMP  rows1

done:
	VZEROUPPER
	RET

// func maxGatherAVX(of, start []int32, vals, best []float32)
TEXT ·maxGatherAVX(SB), NOSPLIT, $0-96
	MOVQ of_base+0(FP), SI
	MOVQ start_base+24(FP), DI
	MOVQ vals_base+48(FP), R8
	MOVQ best_base+72(FP), DX
	MOVQ best_len+80(FP), BX
	MOVQ $0xbf800000, R11 // -1.0
	XORQ CX, CX
	MOVLQSX (DI), R9

doc:
	CMPQ    CX, BX
	JGE     gathered
	MOVLQSX 4(DI)(CX*4), R10
	MOVQ    R11, X0
	MOVQ    R11, X1
	LEAQ    -4(R10), R13 // the last start of a block of four

phrase4: // four phrases a time into two running maxima: fewer jumps, and two chains of VMAXSS
	CMPQ    R9, R13
	JG      phrase
	MOVLQSX (SI)(R9*4), R12
	MOVLQSX 4(SI)(R9*4), R14
	VMAXSS  (R8)(R12*4), X0, X0
	VMAXSS  (R8)(R14*4), X1, X1
	MOVLQSX 8(SI)(R9*4), R12
	MOVLQSX 12(SI)(R9*4), R14
	VMAXSS  (R8)(R12*4), X0, X0
	VMAXSS  (R8)(R14*4), X1, X1
	ADDQ    $4, R9
	JMP     phrase4

phrase:
	CMPQ    R9, R10
	JGE     store
	MOVLQSX (SI)(R9*4), R12
	VMAXSS  (R8)(R12*4), X0, X0
	INCQ    R9
	JMP     phrase

store:
	VMAXSS X1, X0, X0
	VMOVSS X0, (DX)(CX*4)
	INCQ   CX
	JMP    doc

gathered:
	RET

// func runMaxAVX(vals, maxima []float32)
// maxima[r] = the highest of vals[64r : 64r+64], for each r < len(maxima).
TEXT ·runMaxAVX(SB), NOSPLIT, $0-48
	MOVQ vals_base+0(FP), SI
	MOVQ maxima_base+24(FP), DI
	MOVQ maxima_len+32(FP), CX
	XORQ BX, BX

run:
	CMPQ         BX, CX
	JGE          done
	VMOVUPS      (SI), Y0
	VMOVUPS      32(SI), Y1
	VMAXPS       64(SI), Y0, Y0
	VMAXPS       96(SI), Y1, Y1
	VMAXPS       128(SI), Y0, Y0
	VMAXPS       160(SI), Y1, Y1
	VMAXPS       192(SI), Y0, Y0
	VMAXPS       224(SI), Y1, Y1
	VMAXPS       Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPS       X1, X0, X0
	VPERMILPS    $0x4e, X0, X1 // the other pair
	VMAXPS       X1, X0, X0
	VPERMILPS    $0xb1, X0, X1 // the other of the pair
	VMAXPS       X1, X0, X0
	VMOVSS       X0, (DI)(BX*4)
	ADDQ         $256, SI
	INCQ         BX
	JMP          run

done:
	VZEROUPPER
	RET
