fn main() {
    println!("treebench");
}
