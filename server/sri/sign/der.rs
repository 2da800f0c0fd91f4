//! A minimal DER reader for the two certificate facts OpenSSL's Rust API does not
//! expose: private extensions of Ecuadorian CAs (where the RUC lives) and the key
//! usage bits (the SRI requires the "digitalSignature" key).

/// One TLV element.
#[derive(Debug, Clone, Copy)]
pub struct Tlv<'a> {
    /// Identifier octet (e.g. 0x30 SEQUENCE, 0xA3 context [3]).
    pub tag: u8,
    /// Content octets.
    pub value: &'a [u8],
}

/// Reads one TLV from the start of `input`, returning it and the rest.
pub fn read_tlv(input: &[u8]) -> Option<(Tlv<'_>, &[u8])> {
    let (&tag, rest) = input.split_first()?;
    if tag & 0x1f == 0x1f {
        return None;
    }
    let (&first, mut rest) = rest.split_first()?;
    let len = if first < 0x80 {
        usize::from(first)
    } else {
        let n = usize::from(first & 0x7f);
        if n == 0 || n > 4 || rest.len() < n {
            return None;
        }
        let len = rest[..n]
            .iter()
            .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        rest = &rest[n..];
        len
    };
    if rest.len() < len {
        return None;
    }
    Some((
        Tlv {
            tag,
            value: &rest[..len],
        },
        &rest[len..],
    ))
}

/// All TLVs contained in `input` (the children of a constructed value).
pub fn children(mut input: &[u8]) -> Option<Vec<Tlv<'_>>> {
    let mut out = Vec::new();
    while !input.is_empty() {
        let (tlv, rest) = read_tlv(input)?;
        out.push(tlv);
        input = rest;
    }
    Some(out)
}

/// Dotted form of an OBJECT IDENTIFIER's content octets.
pub fn oid_to_string(bytes: &[u8]) -> Option<String> {
    let (&first, rest) = bytes.split_first()?;
    let mut parts = vec![u64::from(first / 40).min(2), 0];
    parts[1] = u64::from(first) - parts[0] * 40;
    let mut acc: u64 = 0;
    for &b in rest {
        acc = (acc << 7) | u64::from(b & 0x7f);
        if b & 0x80 == 0 {
            parts.push(acc);
            acc = 0;
        }
    }
    Some(
        parts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("."),
    )
}

/// `(oid, extnValue)` of every extension of a DER certificate.
pub fn extensions(cert_der: &[u8]) -> Vec<(String, Vec<u8>)> {
    fn inner(cert_der: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
        let (cert, _) = read_tlv(cert_der)?;
        let tbs = *children(cert.value)?.first()?;
        let ext_wrapper = children(tbs.value)?.into_iter().find(|t| t.tag == 0xA3)?;
        let (seq, _) = read_tlv(ext_wrapper.value)?;
        let mut out = Vec::new();
        for ext in children(seq.value)? {
            let parts = children(ext.value)?;
            let oid = parts.first().filter(|t| t.tag == 0x06)?;
            let value = parts.iter().rev().find(|t| t.tag == 0x04)?;
            out.push((oid_to_string(oid.value)?, value.value.to_vec()));
        }
        Some(out)
    }
    inner(cert_der).unwrap_or_default()
}

/// Text of an extension value: a DER string type if it is one, raw bytes otherwise.
pub fn extension_text(value: &[u8]) -> String {
    match read_tlv(value) {
        Some((tlv, rest))
            if rest.is_empty() && matches!(tlv.tag, 0x0C | 0x13 | 0x16 | 0x14 | 0x1E | 0x04) =>
        {
            String::from_utf8_lossy(tlv.value).into_owned()
        }
        _ => String::from_utf8_lossy(value).into_owned(),
    }
}

/// Key usage bits (first octet: digitalSignature = 0x80 … cRLSign = 0x02), from the
/// DER of the extension value (a BIT STRING).
pub fn key_usage_bits(value: &[u8]) -> Option<u16> {
    let (tlv, _) = read_tlv(value)?;
    if tlv.tag != 0x03 || tlv.value.is_empty() {
        return None;
    }
    let bits = &tlv.value[1..];
    let hi = u16::from(*bits.first().unwrap_or(&0)) << 8;
    let lo = u16::from(*bits.get(1).unwrap_or(&0));
    Some(hi | lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oids() {
        // 1.3.6.1.4.1.37947.3.11
        let bytes = [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0xA8, 0x3B, 0x03, 0x0B];
        assert_eq!(
            oid_to_string(&bytes).as_deref(),
            Some("1.3.6.1.4.1.37947.3.11")
        );
        assert_eq!(
            oid_to_string(&[0x55, 0x1D, 0x0F]).as_deref(),
            Some("2.5.29.15")
        );
    }

    #[test]
    fn key_usage() {
        // BIT STRING, 5 unused bits, digitalSignature + nonRepudiation + keyEncipherment.
        assert_eq!(key_usage_bits(&[0x03, 0x02, 0x05, 0xE0]), Some(0xE000));
        assert_eq!(key_usage_bits(&[0x04, 0x01, 0x00]), None);
    }

    #[test]
    fn strings() {
        assert_eq!(extension_text(&[0x0C, 0x03, b'1', b'2', b'3']), "123");
        assert_eq!(extension_text(b"1790011001001"), "1790011001001");
        assert!(read_tlv(&[0x30, 0x05, 0x00]).is_none());
    }
}
