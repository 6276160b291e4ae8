! SPDX-License-Identifier: EPL-2.0
! `use mpi_f08` check: wildcard Irecv + Wait(MPI_STATUS_IGNORE), Send (tag 5+rank), Allreduce in place.
program fanysource_f08
  use mpi_f08
  implicit none
  integer :: rank, nproc, x(2)
  type(MPI_Request) :: rq
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc)
  x = rank
  call MPI_Irecv(x, 2, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, rq)
  call MPI_Send(x, 1, MPI_INTEGER, mod(rank+1,nproc), 5+rank, MPI_COMM_WORLD)
  call MPI_Wait(rq, MPI_STATUS_IGNORE)
  call MPI_Allreduce(MPI_IN_PLACE, x, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
  call MPI_Finalize()
end program
