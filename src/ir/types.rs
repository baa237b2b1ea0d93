//! C types with LP64 layout (x86_64 Linux, as gcc lays them out).

use std::rc::Rc;

pub use super::StructId;

/// The machine kinds of scalar values. Registers hold 64 bits in the canonical form of
/// their kind: signed integers sign-extended, unsigned ones zero-extended, `F32` as the
/// bits of an `f32` in the low half, `F64` as the bits of an `f64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
    Ptr,
}

impl Scalar {
    pub fn size(self) -> u32 {
        match self {
            Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 | Scalar::Ptr => 8,
        }
    }
    pub fn bits(self) -> u32 {
        self.size() * 8
    }
    pub fn is_signed(self) -> bool {
        matches!(self, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
    }
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F32 | Scalar::F64)
    }
    pub fn is_int(self) -> bool {
        !self.is_float()
    }
    /// Bring raw low bits into the canonical 64-bit form of this kind.
    #[inline(always)]
    pub fn canon(self, v: u64) -> u64 {
        match self {
            Scalar::I8 => v as u8 as i8 as i64 as u64,
            Scalar::U8 => v as u8 as u64,
            Scalar::I16 => v as u16 as i16 as i64 as u64,
            Scalar::U16 => v as u16 as u64,
            Scalar::I32 => v as u32 as i32 as i64 as u64,
            Scalar::U32 | Scalar::F32 => v as u32 as u64,
            Scalar::I64 | Scalar::U64 | Scalar::F64 | Scalar::Ptr => v,
        }
    }
    pub fn int(size: u32, signed: bool) -> Scalar {
        match (size, signed) {
            (1, true) => Scalar::I8,
            (1, false) => Scalar::U8,
            (2, true) => Scalar::I16,
            (2, false) => Scalar::U16,
            (4, true) => Scalar::I32,
            (4, false) => Scalar::U32,
            (8, true) => Scalar::I64,
            _ => Scalar::U64,
        }
    }
    pub fn c_name(self) -> &'static str {
        match self {
            Scalar::I8 => "signed char",
            Scalar::U8 => "unsigned char",
            Scalar::I16 => "short",
            Scalar::U16 => "unsigned short",
            Scalar::I32 => "int",
            Scalar::U32 => "unsigned int",
            Scalar::I64 => "long",
            Scalar::U64 => "unsigned long",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::Ptr => "pointer",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntTy {
    pub size: u8,
    pub signed: bool,
    /// `char` is its own type in C even though it has the layout of `signed char`;
    /// `_Bool` converts by comparing with zero.
    pub kind: IntKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Plain,
    Char,
    Bool,
    /// `long long`: same layout as `long` on LP64 but a distinct type name.
    LongLong,
    /// The value of a bit-field of this many bits, 33 to 63, read: gcc computes with it
    /// in the field's own width (`uint64_t h:48` plus 1 wraps at 2^48) unless the other
    /// operand has 64 bits. Kept in a 64-bit register, sign- or zero-extended.
    Wide(u8),
}

pub type TypeRef = Rc<Type>;

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Void,
    Int(IntTy),
    Float,
    Double,
    /// x87 80-bit extended precision: 16 bytes, aligned 16, the value in the first 10.
    /// Not a [`Scalar`]: its values live in memory (see `ir::LdStmt`).
    LongDouble,
    Pointer(TypeRef),
    /// `None` length: an incomplete array (`int a[]`, extern arrays, parameters).
    Array(TypeRef, Option<u64>),
    /// A variable-length array: its element count is the `long` in the register, set
    /// when its declarator ran (C11 6.7.6.2p5: evaluated once, there). `None`: `[*]` or
    /// the size of a parameter in a prototype, never evaluated.
    Vla(TypeRef, Option<u32>),
    Struct(StructId),
    Function(Rc<FuncType>),
    Enum,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncType {
    pub ret: TypeRef,
    pub params: Vec<TypeRef>,
    pub variadic: bool,
    /// `int f()`: parameters unknown (old style); calls are not checked.
    pub unprototyped: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: Option<String>,
    pub ty: TypeRef,
    /// Byte offset; for a bit-field, of the byte holding its lowest bit.
    pub offset: u32,
    pub bits: Option<BitField>,
}

/// Where a bit-field's bits are: `width` bits from bit `shift` (0..8) of the byte at the
/// field's offset, little-endian, spanning at most 8 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitField {
    pub shift: u8,
    pub width: u8,
    /// Read with sign extension.
    pub signed: bool,
}

impl BitField {
    /// How many bytes hold the field's bits.
    pub fn nbytes(self) -> u32 {
        (self.shift as u32 + self.width as u32).div_ceil(8)
    }
    /// The field's bits within the little-endian value of its `nbytes` bytes.
    pub fn mask(self) -> u64 {
        let ones = if self.width >= 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        };
        ones << self.shift
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    pub name: Option<String>,
    pub is_union: bool,
    pub fields: Vec<Field>,
    pub size: u32,
    pub align: u32,
    pub complete: bool,
}

impl Type {
    pub fn int(size: u8, signed: bool) -> Type {
        Type::Int(IntTy {
            size,
            signed,
            kind: IntKind::Plain,
        })
    }
    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Int(_) | Type::Enum)
    }
    pub fn is_arith(&self) -> bool {
        matches!(
            self,
            Type::Int(_) | Type::Enum | Type::Float | Type::Double | Type::LongDouble
        )
    }
    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float | Type::Double | Type::LongDouble)
    }
    pub fn is_long_double(&self) -> bool {
        matches!(self, Type::LongDouble)
    }
    /// A type whose values the lowering keeps in memory and handles by address: structs,
    /// unions and `long double` (copied, passed and returned like a 16-byte struct).
    pub fn is_by_address(&self) -> bool {
        matches!(self, Type::Struct(_) | Type::LongDouble)
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Pointer(_))
    }
    pub fn is_scalar(&self) -> bool {
        self.is_arith() || self.is_pointer()
    }
    pub fn is_void(&self) -> bool {
        matches!(self, Type::Void)
    }
    /// The width of a wide bit-field's value type ([`IntKind::Wide`]).
    pub fn wide_bits(&self) -> Option<u8> {
        match self {
            Type::Int(IntTy {
                kind: IntKind::Wide(w),
                ..
            }) => Some(*w),
            _ => None,
        }
    }

    pub fn is_bool(&self) -> bool {
        matches!(
            self,
            Type::Int(IntTy {
                kind: IntKind::Bool,
                ..
            })
        )
    }
    /// A variably modified type: a variable-length array, or an array of or pointer to
    /// one (C11 6.7.6p3).
    pub fn is_vm(&self) -> bool {
        match self {
            Type::Vla(..) => true,
            Type::Array(e, _) | Type::Pointer(e) => e.is_vm(),
            _ => false,
        }
    }
    /// An array whose size is only known at run time.
    pub fn is_vla(&self) -> bool {
        match self {
            Type::Vla(..) => true,
            Type::Array(e, _) => e.is_vla(),
            _ => false,
        }
    }
    pub fn pointee(&self) -> Option<&TypeRef> {
        match self {
            Type::Pointer(t) => Some(t),
            _ => None,
        }
    }
    /// The scalar kind of a value of this type, if it is a scalar.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Type::Int(i) => Some(Scalar::int(i.size as u32, i.signed)),
            Type::Enum => Some(Scalar::I32),
            Type::Float => Some(Scalar::F32),
            Type::Double => Some(Scalar::F64),
            Type::Pointer(_) => Some(Scalar::Ptr),
            _ => None,
        }
    }
}
