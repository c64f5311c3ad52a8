//! The README's example, kept compiling and correct.

use cuprum as cp;

#[test]
fn readme_example_runs() -> cp::Result<()> {
    let _cpu = cp::Device::Cpu.use_device()?;
    let x = cp::linspace(0.0, 1.0, 5, true, Some(cp::DType::Float32))?;
    let y = cp::multiply(&x, 2.0)?;
    assert_eq!(y.dtype(), cp::DType::Float32);
    let z = cp::add(&y, &x.reshape(&[5, 1])?)?;
    assert_eq!(z.shape(), &[5, 5]);
    let row = z.slice(cp::s![1..3, ..;-1])?;
    assert_eq!(row.shape(), &[2, 5]);
    // z[i, j] = 2 * x[j] + x[i]; row = z[1..3, ::-1]
    let xs = [0.0f32, 0.25, 0.5, 0.75, 1.0];
    let want: Vec<f32> = (1..3)
        .flat_map(|i| (0..5).rev().map(move |j| 2.0 * xs[j] + xs[i]))
        .collect();
    assert_eq!(row.to_vec::<f32>()?, want);
    let path = std::env::temp_dir().join(format!("cuprum_readme_{}.npy", std::process::id()));
    cp::save(&path, &row)?;
    let back = cp::load(&path)?;
    std::fs::remove_file(&path).ok();
    assert_eq!(back.to_vec::<f32>()?, want);
    Ok(())
}
